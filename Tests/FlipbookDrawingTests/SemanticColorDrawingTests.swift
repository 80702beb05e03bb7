import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// A pixel's un-premultiplied components as 8-bit numbers.
func bytes(_ c: Color) -> [Int] {
    [c.red, c.green, c.blue, c.opacity].map { Int(($0 * 255).rounded()) }
}

/// Whether two 8-bit colours differ by at most `tolerance` in every channel.
func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 1) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

/// A `width`×`height` bitmap drawn in `scheme` over `background`.
func drawing(
    _ width: Int, _ height: Int, scheme: ColorScheme, background: Color? = .clear,
    _ body: (inout GraphicsContext, CGSize) -> Void
) throws -> Bitmap {
    var bitmap = try Bitmap(width: width, height: height)
    bitmap.draw(background: background, environment: EnvironmentValues(colorScheme: scheme), body)
    return bitmap
}

@Suite("Semantic colours drawn")
struct SemanticColorDrawingTests {
    private let square = Path(CGRect(x: 0, y: 0, width: 8, height: 8))

    @Test func primaryIsBlackInLightAndWhiteInDark() throws {
        for (scheme, expected) in [(ColorScheme.light, [0, 0, 0, 255]), (.dark, [255, 255, 255, 255])] {
            let fast = try drawing(8, 8, scheme: scheme) { context, _ in context.fill(square, with: .color(.primary)) }
            #expect(bytes(fast.pixel(x: 4, y: 4)) == expected, "\(scheme)")
            // Through Cairo (a stroke) too.
            let stroked = try drawing(8, 8, scheme: scheme) { context, _ in
                context.stroke(Path(CGRect(x: 2, y: 2, width: 4, height: 4)), with: .color(.primary), lineWidth: 4)
            }
            #expect(bytes(stroked.pixel(x: 4, y: 4)) == expected, "\(scheme)")
            #expect(fast.drawingIssue == nil && stroked.drawingIssue == nil)
        }
    }

    @Test func secondaryIsSixtyPercentOfTheLabelGrey() throws {
        // Over white in light: 0.6 × (60, 60, 67) + 0.4 × 255 = (138, 138, 142.2).
        let light = try drawing(8, 8, scheme: .light, background: .white) { context, _ in
            context.fill(square, with: .color(.secondary))
        }
        #expect(near(bytes(light.pixel(x: 4, y: 4)), [138, 138, 142, 255]))
        // Over black in dark: 0.6 × (235, 235, 245) = (141, 141, 147).
        let dark = try drawing(8, 8, scheme: .dark, background: .black) { context, _ in
            context.fill(square, with: .color(.secondary))
        }
        #expect(near(bytes(dark.pixel(x: 4, y: 4)), [141, 141, 147, 255]))
    }

    @Test func aSemanticBackgroundAndGradientStopsFollowTheScheme() throws {
        let dark = try drawing(8, 8, scheme: .dark, background: .primary) { _, _ in }
        #expect(bytes(dark.pixel(x: 0, y: 0)) == [255, 255, 255, 255])
        let gradient = try drawing(8, 8, scheme: .dark) { context, _ in
            context.fill(square, with: .linearGradient(Gradient(colors: [.primary, .accentColor]),
                                                       startPoint: .zero, endPoint: CGPoint(x: 0, y: 8)))
        }
        // Near the top: the dark primary, white.
        #expect(near(bytes(gradient.pixel(x: 4, y: 0)), [255, 255, 255, 255], 16))
        // Near the bottom: the dark accent colour, #0A84FF.
        #expect(near(bytes(gradient.pixel(x: 4, y: 7)), [10, 132, 255, 255], 16))
    }

    @Test func theForegroundIsPrimaryUnlessSet() throws {
        let bitmap = try drawing(16, 8, scheme: .dark) { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 8, height: 8)), with: .foreground)
            var red = context
            red.foregroundStyle = .color(.red)
            red.fill(Path(CGRect(x: 8, y: 0, width: 8, height: 8)), with: .foreground)
        }
        #expect(bytes(bitmap.pixel(x: 4, y: 4)) == [255, 255, 255, 255])
        #expect(bytes(bitmap.pixel(x: 12, y: 4)) == bytes(.red))
    }

    @Test func textWithoutAColourDrawsInTheForeground() throws {
        for (scheme, foreground, expected) in [
            (ColorScheme.dark, nil as Color?, [255, 255, 255, 255]),
            (.light, nil, [0, 0, 0, 255]),
            (.light, Color.purple, bytes(.purple)),
        ] {
            let bitmap = try drawing(80, 80, scheme: scheme) { context, size in
                if let foreground { context.foregroundStyle = .color(foreground) }
                context.draw(Text("H").font(.system(size: 60, weight: .black)), at: CGPoint(x: 40, y: 40))
            }
            var solid = 0
            for y in 0..<80 {
                for x in 0..<80 where bitmap.pixel(x: x, y: y).opacity == 1 {
                    solid += 1
                    #expect(bytes(bitmap.pixel(x: x, y: y)) == expected, "\(scheme) (\(x), \(y))")
                }
            }
            #expect(solid > 300, "\(scheme): \(solid) opaque pixels")
        }
    }

    @Test func aTemplateImageTakesTheForeground() throws {
        var mask = try Bitmap(width: 4, height: 4)
        mask.draw(background: .black) { _, _ in }
        let image = Image(bitmap: mask).renderingMode(.template)
        let bitmap = try drawing(8, 4, scheme: .dark) { context, _ in
            context.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 4))
            var green = context
            green.foregroundStyle = .color(.green)
            green.draw(image, in: CGRect(x: 4, y: 0, width: 4, height: 4))
        }
        #expect(bytes(bitmap.pixel(x: 1, y: 1)) == [255, 255, 255, 255])
        #expect(bytes(bitmap.pixel(x: 6, y: 1)) == bytes(.green))
    }

    @Test func aShadowInAPrimaryColourFollowsTheScheme() throws {
        let bitmap = try drawing(24, 8, scheme: .dark, background: .black) { context, _ in
            context.addFilter(.shadow(color: .primary, radius: 0, x: 12, y: 0))
            context.fill(Path(CGRect(x: 0, y: 0, width: 8, height: 8)), with: .color(.red))
        }
        #expect(bytes(bitmap.pixel(x: 16, y: 4)) == [255, 255, 255, 255])
        #expect(bytes(bitmap.pixel(x: 4, y: 4)) == bytes(.red))
    }

    /// `colorMultiply` keeps its colour until the context adds it, so `.primary` multiplies by black in
    /// light and by white (leaving the picture) in dark.
    @Test func colorMultiplyByPrimaryFollowsTheScheme() throws {
        let orange = Color(red: 1, green: 0.5, blue: 0)
        for (scheme, expected) in [(ColorScheme.light, [0, 0, 0, 255]), (.dark, bytes(orange))] {
            let bitmap = try drawing(8, 8, scheme: scheme) { context, _ in
                context.addFilter(.colorMultiply(.primary))
                context.fill(square, with: .color(orange))
            }
            #expect(near(bytes(bitmap.pixel(x: 4, y: 4)), expected), "\(scheme)")
        }
    }

    @Test func vectorStillsDrawInTheirEnvironment() throws {
        let folder = try TemporaryDirectory("vector-scheme")
        var fills: [ColorScheme: String] = [:]
        for scheme in ColorScheme.allCases {
            let url = folder.file("\(scheme).svg")
            try Bitmap.writeVector(to: url, format: .svg, size: CGSize(width: 8, height: 8), rasterScale: 1,
                                   environment: EnvironmentValues(colorScheme: scheme)) { context, size in
                context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.primary))
            }
            fills[scheme] = try String(contentsOf: url, encoding: .utf8)
        }
        #expect(fills[.light]?.contains("fill:rgb(0%,0%,0%)") == true, "\(fills[.light] ?? "")")
        #expect(fills[.dark]?.contains("fill:rgb(100%,100%,100%)") == true, "\(fills[.dark] ?? "")")
    }
}
