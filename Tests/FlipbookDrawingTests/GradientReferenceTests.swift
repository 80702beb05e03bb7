import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Gradients match their reference images")
struct GradientReferenceTests {
    static let gradient = Gradient(colors: [.red, .yellow, .blue])
    static let options: [(String, GraphicsContext.GradientOptions)] = [
        ("none", []), ("repeat", .repeat), ("mirror", .mirror),
    ]

    @Test(arguments: 0..<3)
    func linear(option: Int) throws {
        let (name, options) = Self.options[option]
        let image = try drawing(96, 48) { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .linearGradient(
                Self.gradient, startPoint: CGPoint(x: 36, y: 24), endPoint: CGPoint(x: 60, y: 24), options: options))
            // The end points.
            context.stroke(Path { p in p.move(to: CGPoint(x: 36, y: 40)); p.addLine(to: CGPoint(x: 60, y: 40)) },
                           with: .color(.black), lineWidth: 2)
        }
        assertMatchesReference(image, named: "gradient-linear-\(name)")
    }

    @Test(arguments: 0..<3)
    func radial(option: Int) throws {
        let (name, options) = Self.options[option]
        let image = try drawing(96, 64) { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .radialGradient(
                Self.gradient, center: CGPoint(x: 48, y: 32), startRadius: 6, endRadius: 20, options: options))
        }
        assertMatchesReference(image, named: "gradient-radial-\(name)")
    }

    /// Conic: red at 3 o'clock, then clockwise on screen through yellow (9 o'clock) to blue just
    /// above 3 o'clock. A full turn covers every location, so the options change nothing.
    @Test(arguments: 0..<3)
    func conic(option: Int) throws {
        let (name, options) = Self.options[option]
        let image = try drawing(64, 64) { context, size in
            context.fill(Path(ellipseIn: CGRect(x: 4, y: 4, width: 56, height: 56)), with: .conicGradient(
                Self.gradient, center: CGPoint(x: 32, y: 32), options: options))
        }
        assertMatchesReference(image, named: "gradient-conic-\(name)")
    }

    @Test func conicWithStartAngleAndStops() throws {
        let gradient = Gradient(stops: [
            .init(color: .green, location: 0), .init(color: .green, location: 0.25),
            .init(color: .purple, location: 0.25), .init(color: .orange, location: 1),
        ])
        let image = try drawing(64, 64) { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 64, height: 64)), with: .conicGradient(
                gradient, center: CGPoint(x: 32, y: 32), angle: .degrees(-90)))
        }
        assertMatchesReference(image, named: "gradient-conic-angle")
        // Starting at 12 o'clock, the first quarter (12 → 3 o'clock, clockwise) is green.
        let upperRight = image.pixel(x: 50, y: 14)
        #expect(close(upperRight.green, Color.green.green, 2 / 255) && close(upperRight.red, Color.green.red, 2 / 255))
        // Just past 3 o'clock (below the centre line on the right) it is purple.
        let justPast = image.pixel(x: 60, y: 34)
        #expect(close(justPast.red, Color.purple.red, 12 / 255) && close(justPast.blue, Color.purple.blue, 12 / 255))
    }

    @Test func linearColorOption() throws {
        let image = try drawing(96, 32) { context, size in
            context.fill(Path(CGRect(x: 0, y: 0, width: 96, height: 16)), with: .linearGradient(
                Gradient(colors: [.red, .green]), startPoint: .zero, endPoint: CGPoint(x: 96, y: 0)))
            context.fill(Path(CGRect(x: 0, y: 16, width: 96, height: 16)), with: .linearGradient(
                Gradient(colors: [.red, .green]), startPoint: .zero, endPoint: CGPoint(x: 96, y: 0), options: .linearColor))
        }
        assertMatchesReference(image, named: "gradient-linear-color")
        // Linear-light interpolation is brighter in the middle than gamma-space interpolation.
        #expect(image.pixel(x: 48, y: 24).red > image.pixel(x: 48, y: 8).red + 0.1)
    }

    @Test func strokedGradientWithOpacity() throws {
        let image = try drawing(96, 64) { context, _ in
            drawStripes(&context, size: CGSize(width: 96, height: 64))
            var ctx = context
            ctx.opacity = 0.5
            ctx.stroke(Path(ellipseIn: CGRect(x: 10, y: 8, width: 76, height: 48)), with: .linearGradient(
                Gradient(colors: [.blue, .pink]), startPoint: CGPoint(x: 10, y: 0), endPoint: CGPoint(x: 86, y: 0)),
                lineWidth: 8)
        }
        assertMatchesReference(image, named: "gradient-stroke-opacity")
    }
}
