import FlipbookDrawing
import Foundation
import Testing

@Suite("Shapes filled in a context")
struct ShapeFillTests {
    let red = Color(red: 1, green: 0, blue: 0)
    let white = Color(white: 1)

    @Test func circleFillsTheLargestCentredDisc() throws {
        let image = try drawing(100, 60) { context, size in
            context.fill(Circle().path(in: CGRect(origin: .zero, size: size)), with: .color(red))
        }
        // The disc has radius 30 about (50, 30); pixel (x, y) is sampled at its centre (x + ½, y + ½).
        for (x, y) in [(50, 30), (50, 2), (22, 30), (77, 30), (50, 57)] {
            #expect(same(image.pixel(x: x, y: y), red), "(\(x), \(y)) lies inside the disc")
        }
        for (x, y) in [(15, 30), (84, 30), (5, 5), (94, 55), (24, 6)] {
            #expect(same(image.pixel(x: x, y: y), white), "(\(x), \(y)) lies outside the disc")
        }
    }

    @Test func insetCapsuleAndRotatedSquare() throws {
        let image = try drawing(200, 60) { context, _ in
            // A capsule in (5, 5, 90, 50): ends of radius 25 about (30, 30) and (70, 30).
            context.fill(Capsule().inset(by: 5).path(in: CGRect(x: 0, y: 0, width: 100, height: 60)),
                         with: .color(.blue))
            // A 40-point square turned 45° about its centre (150, 30): a diamond reaching 28.3 from it.
            context.fill(Rectangle().rotation(.degrees(45)).path(in: CGRect(x: 130, y: 10, width: 40, height: 40)),
                         with: .color(red))
        }
        let blue = Color.blue
        for (x, y) in [(10, 30), (50, 6), (90, 30), (50, 53)] {
            #expect(same(image.pixel(x: x, y: y), blue), "(\(x), \(y)) lies inside the capsule")
        }
        for (x, y) in [(6, 6), (93, 53), (3, 30), (50, 2)] {
            #expect(same(image.pixel(x: x, y: y), white), "(\(x), \(y)) lies outside the capsule")
        }
        // Inside the diamond near its top vertex; outside it at the unturned square's corner.
        #expect(same(image.pixel(x: 150, y: 5), red))
        #expect(same(image.pixel(x: 133, y: 13), white))
        #expect(same(image.pixel(x: 150, y: 30), red))
    }

    /// Whether two opaque colours agree within one 8-bit step.
    func same(_ a: Color, _ b: Color) -> Bool {
        close(a.red, b.red) && close(a.green, b.green) && close(a.blue, b.blue) && close(a.opacity, b.opacity)
    }
}
