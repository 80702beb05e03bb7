@testable import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// How many pixels of `image` within `columns` are close to `color` (a glyph's solid inside).
func pixels(of color: Color, in image: Bitmap, columns: Range<Int>, rows: Range<Int>? = nil) -> Int {
    var count = 0
    for y in rows ?? 0..<image.height {
        for x in columns where x < image.width {
            let p = image.pixel(x: x, y: y)
            if abs(p.red - color.red) < 0.08, abs(p.green - color.green) < 0.08, abs(p.blue - color.blue) < 0.08 { count += 1 }
        }
    }
    return count
}

@Suite("Text from an AttributedString draws its parts with their SwiftUI attributes")
struct AttributedTextTests {
    let unbounded = CGSize(width: CGFloat.infinity, height: .infinity)

    /// "Red Blue Plain", the first word red and the second blue.
    static var colouredWords: AttributedString {
        var string = AttributedString("Red Blue Plain")
        string[string.range(of: "Red")!].foregroundColor = .red
        string[string.range(of: "Blue")!].foregroundColor = .blue
        return string
    }

    @Test func eachPartTakesItsForegroundColourAndTheRestTheTexts() throws {
        let text = Text(Self.colouredWords).font(.system(size: 30, weight: .bold)).foregroundColor(.green)
        let image = try drawing(300, 50) { context, _ in
            context.draw(text, at: CGPoint(x: 0, y: 5), anchor: .topLeading)
        }
        func width(_ s: String) throws -> Int {
            Int(try GraphicsContextProbe.resolve(Text(s).font(.system(size: 30, weight: .bold))).measure(in: unbounded).width)
        }
        let red = 0..<(try width("Red")), blue = try width("Red ")..<(try width("Red Blue"))
        let plain = try width("Red Blue ")..<300
        #expect(pixels(of: .red, in: image, columns: red) > 60)
        #expect(pixels(of: .blue, in: image, columns: red) == 0 && pixels(of: .green, in: image, columns: red) == 0)
        #expect(pixels(of: .blue, in: image, columns: blue) > 60)
        #expect(pixels(of: .red, in: image, columns: blue) == 0)
        // The text's own colour where the string gives none: the attribute wins over the modifier.
        #expect(pixels(of: .green, in: image, columns: plain) > 60)
        #expect(pixels(of: .red, in: image, columns: plain) == 0 && pixels(of: .blue, in: image, columns: plain) == 0)
    }

    @Test func aPartsFontAndKerningChangeItsSize() throws {
        func width(_ string: AttributedString, _ style: (Text) -> Text = { $0 }) throws -> CGFloat {
            try GraphicsContextProbe.resolve(style(Text(string).font(.system(size: 20)))).measure(in: unbounded).width
        }
        let plain = try width(AttributedString("HHHH"))
        #expect(abs(plain - (try width(AttributedString("HH")) * 2)) < 0.01)
        var large = AttributedString("HH")
        large.font = .system(size: 40)
        #expect(abs(try width(large + AttributedString("HH")) - plain * 1.5) < 0.01)
        // Kerning over the whole string is the text's kerning; over a part it adds space there only.
        var allKerned = AttributedString("HHHH")
        allKerned.kern = 3
        #expect(abs(try width(allKerned) - width(AttributedString("HHHH"), { $0.kerning(3) })) < 0.01)
        var kerned = AttributedString("HH")
        kerned.kern = 5
        let partly = try width(kerned + AttributedString("HH"))
        #expect(partly > plain + 5 && partly < plain + 10, "\(partly) against \(plain)")
        // It replaces the text's kerning there (the rest keeps the text's); tracking adds to kerning.
        let both = try width(kerned + AttributedString("HH"), { $0.kerning(5) })
        #expect(abs(try both - width(AttributedString("HHHH"), { $0.kerning(5) })) < 0.01)
        var tracked = AttributedString("HHHH")
        tracked.tracking = 2
        tracked.kern = 1
        #expect(abs(try width(tracked) - width(allKerned)) < 0.01)
        // A part in the monospaced design draws with the carried fixed-width family.
        var code = AttributedString("iW")
        code.font = .system(size: 20).monospaced()
        let drawn = try drawnFonts(Text(AttributedString("a ") + code))
        #expect(drawn.families.map(\.1) == ["Noto Sans", "Noto Sans Mono"])
        // The container builder and the text's own modifiers: bold applies to every part's font.
        let bold = AttributedString("Hi", attributes: AttributeContainer().font(.system(size: 20)))
        #expect(try width(bold, { $0.bold() }) > width(bold))
    }

    @Test func underlineStrikethroughAndBaselineOffsetDrawWhereTheyShould() throws {
        func ink(_ text: Text) throws -> CGRect {
            try TextShaper.withShaper { shaper in try TextLayout(text, width: nil, height: nil, shaper: shaper).inkRect }
        }
        let plain = try ink(Text("xxxx").font(.system(size: 40)))
        // The underline lies below the baseline, under the x's.
        let underlined = try ink(Text("xxxx").font(.system(size: 40)).underline())
        #expect(underlined.maxY > plain.maxY + 2)
        var partly = AttributedString("xxxx")
        partly[partly.range(of: "xx")!].underlineStyle = .single
        #expect(abs(try ink(Text(partly).font(.system(size: 40))).maxY - underlined.maxY) < 0.01)
        // A strikethrough crosses the x's: the ink box is the x's own.
        // A strikethrough crosses the x's, within their height, along the whole advance.
        let struck = try ink(Text("xxxx").font(.system(size: 40)).strikethrough())
        #expect(struck.minY == plain.minY && struck.maxY == plain.maxY && struck.width > plain.width)
        // A raised or lowered part stands 6 points off the others.
        var raised = AttributedString("xx")
        raised.baselineOffset = 6
        #expect(abs(try ink(Text(AttributedString("xx") + raised).font(.system(size: 40))).height - (plain.height + 6)) < 0.01)
        raised.baselineOffset = -6
        #expect(abs(try ink(Text(AttributedString("xx") + raised).font(.system(size: 40))).height - (plain.height + 6)) < 0.01)
        // The whole text raised moves with its box: it measures and draws as it would unraised.
        #expect(try ink(Text("xxxx").font(.system(size: 40)).baselineOffset(10)) == plain)

        // Drawn: the underline in its own colour, the strike in the text's.
        var string = AttributedString("Under Strike")
        string[string.range(of: "Under")!].underlineStyle = Text.LineStyle(color: .red)
        string[string.range(of: "Strike")!].strikethroughStyle = .single
        let image = try drawing(220, 50) { context, _ in
            context.draw(Text(string).font(.system(size: 30)).foregroundColor(.blue), at: CGPoint(x: 2, y: 2), anchor: .topLeading)
        }
        let under = Int(try GraphicsContextProbe.resolve(Text("Under").font(.system(size: 30))).measure(in: unbounded).width)
        #expect(pixels(of: .red, in: image, columns: 2..<(under + 2)) > under * 8 / 10)
        #expect(pixels(of: .red, in: image, columns: (under + 2)..<220) == 0)
        assertMatchesReference(image, named: "attributed-lines", directory: "Text")
    }

    @Test func aBackgroundColourFillsTheLineBehindItsPart() throws {
        var string = AttributedString("a highlighted word")
        string[string.range(of: "highlighted")!].backgroundColor = .yellow
        let image = try drawing(260, 40) { context, _ in
            context.draw(Text(string).font(.system(size: 24)), at: CGPoint(x: 2, y: 2), anchor: .topLeading)
        }
        let start = Int(try GraphicsContextProbe.resolve(Text("a ").font(.system(size: 24))).measure(in: unbounded).width) + 3
        let end = Int(try GraphicsContextProbe.resolve(Text("a highlighted").font(.system(size: 24))).measure(in: unbounded).width)
        // The line's whole height behind the word, top to bottom.
        #expect(pixels(of: .yellow, in: image, columns: start..<(start + 1), rows: 3..<30) > 20)
        #expect(pixels(of: .yellow, in: image, columns: 0..<(start - 4)) == 0)
        #expect(pixels(of: .yellow, in: image, columns: (end + 2)..<260) == 0)
    }

    @Test func semanticColoursOfPartsFollowTheColourScheme() throws {
        var string = AttributedString("Primary")
        string.foregroundColor = .primary
        for scheme in ColorScheme.allCases {
            var image = try Bitmap(width: 140, height: 40)
            image.draw(background: scheme == .dark ? .black : .white, environment: EnvironmentValues(colorScheme: scheme)) { context, _ in
                context.draw(Text(string).font(.system(size: 28, weight: .black)), at: CGPoint(x: 2, y: 2), anchor: .topLeading)
            }
            let ink: Color = scheme == .dark ? .white : .black
            #expect(pixels(of: ink, in: image, columns: 0..<140) > 200, "\(scheme)")
        }
    }

    @Test func aPlainAttributedStringDrawsAsPlainText() throws {
        let plain = try drawing(200, 40) { context, _ in
            context.draw(Text("Plain text").font(.title), at: CGPoint(x: 4, y: 4), anchor: .topLeading)
        }
        let attributed = try drawing(200, 40) { context, _ in
            context.draw(Text(AttributedString("Plain text")).font(.title), at: CGPoint(x: 4, y: 4), anchor: .topLeading)
        }
        #expect(try plain.pngData() == attributed.pngData())
        #expect(Text(AttributedString("Plain text")).format.runs.isEmpty)
    }

    @Test func aPartsAttributesAreCheckedLikeTheTexts() throws {
        var huge = AttributedString("x")
        huge.font = .system(size: .infinity)
        var bitmap = try Bitmap(width: 20, height: 20)
        bitmap.draw { context, _ in context.draw(Text(huge), at: .zero) }
        #expect(bitmap.drawingIssue?.message.contains("the font size must be a number above 0") == true)
        var kerned = AttributedString("x")
        kerned.kern = .nan
        var second = try Bitmap(width: 20, height: 20)
        second.draw { context, _ in context.draw(Text(kerned), at: .zero) }
        #expect(second.drawingIssue?.message.contains("the kerning and tracking must be numbers") == true)
    }
}
