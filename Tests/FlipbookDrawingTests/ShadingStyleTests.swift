import FlipbookDrawing
import Foundation
import Testing

@Suite("Shadings: colour spaces, styles, tiled images")
struct ShadingStyleTests {
    private let square = Path(CGRect(x: 0, y: 0, width: 8, height: 8))

    private func filled(_ shading: GraphicsContext.Shading, background: Color? = .clear) throws -> [Int] {
        let bitmap = try drawing(8, 8, background: background) { context, _ in context.fill(square, with: shading) }
        #expect(bitmap.drawingIssue == nil)
        return bytes(bitmap.pixel(x: 4, y: 4))
    }

    @Test func colourShadingsFromComponents() throws {
        #expect(near(try filled(.color(white: 0.5)), [128, 128, 128, 255]))
        #expect(near(try filled(.color(white: 1, opacity: 0.5), background: .black), [128, 128, 128, 255]))
        #expect(try filled(.color(red: 1, green: 0, blue: 0)) == [255, 0, 0, 255])
        // Display P3 (0.8, 0.6, 0.4) is sRGB rgb(213.4, 150.4, 92.8).
        #expect(near(try filled(.color(.displayP3, red: 0.8, green: 0.6, blue: 0.4)), [213, 150, 93, 255]))
        // Linear 0.5 is sRGB 0.7354 (187.5).
        #expect(near(try filled(.color(.sRGBLinear, white: 0.5)), [188, 188, 188, 255]))
    }

    @Test func colourInitialisersAndOpacity() throws {
        #expect(near(try filled(.color(Color(hue: 1.0 / 3, saturation: 1, brightness: 1))), [0, 255, 0, 255]))
        #expect(near(try filled(.color(Color.blue.opacity(0.5)), background: .white), [128, 189, 255, 255]))
    }

    @Test func styleAcceptsColoursGradientsAndTheForeground() throws {
        #expect(try filled(.style(Color.orange)) == bytes(.orange))
        #expect(try filled(.style(Color.Resolved(red: 0, green: 0, blue: 1))) == [0, 0, 255, 255])
        #expect(try filled(.style(GraphicsContext.Shading.color(.mint))) == bytes(.mint))
        let dark = try drawing(8, 8, scheme: .dark) { context, _ in context.fill(square, with: .style(.foreground)) }
        #expect(bytes(dark.pixel(x: 4, y: 4)) == [255, 255, 255, 255])
    }

    @Test func aGradientStyleRunsTopToBottomOverTheShapesBounds() throws {
        // A shape from y = 20 to y = 120: black at its top, white at its bottom, grey halfway.
        let bitmap = try drawing(10, 140) { context, _ in
            context.fill(Path(CGRect(x: 0, y: 20, width: 10, height: 100)), with: .style(Gradient(colors: [.black, .white])))
        }
        for y in [20, 45, 70, 95, 119] {
            let expected = Int(((Double(y) + 0.5 - 20) / 100 * 255).rounded())
            let grey = bytes(bitmap.pixel(x: 5, y: y))
            #expect(near(grey, [expected, expected, expected, 255], 2), "row \(y): \(grey)")
        }
    }

    /// A 4×2 image: two red columns, then two blue ones.
    private func redBlue() throws -> Image {
        var bitmap = try Bitmap(width: 4, height: 2)
        bitmap.draw(background: .blue) { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 2, height: 2)), with: .color(red: 1, green: 0, blue: 0))
        }
        return Image(bitmap: bitmap)
    }

    @Test func aTiledImageRepeatsWithTheTilesPeriod() throws {
        let image = try redBlue()
        let red = [255, 0, 0, 255], blue = bytes(.blue)
        // Period 4 from x = 1.
        let plain = try drawing(40, 4) { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .tiledImage(image, origin: CGPoint(x: 1, y: 0)))
        }
        for x in 0..<40 {
            let expected = (x - 1 + 4) % 4 < 2 ? red : blue
            #expect(bytes(plain.pixel(x: x, y: 0)) == expected, "x = \(x)")
            #expect(bytes(plain.pixel(x: x, y: 3)) == expected, "x = \(x)")
        }
        // Scale 2: period 8; pixels away from the tile's seams are exact.
        let doubled = try drawing(40, 4) { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .tiledImage(image, scale: 2))
        }
        for x in 0..<40 where [1, 2, 5, 6].contains(x % 8) {
            #expect(bytes(doubled.pixel(x: x, y: 1)) == (x % 8 < 4 ? red : blue), "x = \(x)")
        }
        // The left half of the image as the tile: all red.
        let half = try drawing(40, 4) { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)),
                         with: .tiledImage(image, sourceRect: CGRect(x: 0, y: 0, width: 0.5, height: 1)))
        }
        #expect((0..<40).allSatisfy { bytes(half.pixel(x: $0, y: 2)) == red })
    }

    @Test func aTiledImageTakesTheContextsOpacity() throws {
        let image = try redBlue()
        let bitmap = try drawing(8, 2) { context, size in
            context.opacity = 0.5
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .tiledImage(image))
        }
        #expect(near(bytes(bitmap.pixel(x: 0, y: 0)), [255, 128, 128, 255]))
    }

    @Test func aBadTiledImageIsReportedAndSkipped() throws {
        let image = try redBlue()
        for (shading, message) in [
            (GraphicsContext.Shading.tiledImage(image, scale: 0), "the tiled image's scale must be positive and finite; it is 0.0"),
            (.tiledImage(image, origin: CGPoint(x: CGFloat.nan, y: 0)), "the tiled image's origin is not finite"),
            (.tiledImage(image, sourceRect: CGRect(x: 2, y: 0, width: 1, height: 1)), "does not overlap the image"),
        ] {
            let bitmap = try drawing(4, 4) { context, size in context.fill(square, with: shading) }
            #expect(bytes(bitmap.pixel(x: 1, y: 1)) == [255, 255, 255, 255])
            #expect(bitmap.drawingIssue?.message.contains(message) == true, "\(bitmap.drawingIssue?.message ?? "none")")
        }
    }
}
