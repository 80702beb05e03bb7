import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// Measurements checked against figures from the carried font file itself (Noto Sans: 1000 units per
/// em; ascender 1069 and descender −293 in both its hhea and OS/2 tables, line gap 0).
@Suite("Text measures by its font's metrics")
struct TextMeasurementTests {
    let metrics: FontFileMetrics
    let unbounded = CGSize(width: CGFloat.infinity, height: .infinity)
    let tolerance: CGFloat = 1.0 / 256  // Pango rounds to 1/1024 point; a few roundings add up.

    init() throws {
        metrics = try FontFileMetrics(regularNotoSans)
    }

    @Test func oneLineIsAscentPlusDescentTall() throws {
        let text = try GraphicsContextProbe.resolve(Text("Hamburgefonts").font(.system(size: 100)))
        let size = text.measure(in: unbounded)
        #expect(abs(size.height - metrics.lineHeight * 100) < tolerance)
        #expect(abs(text.firstBaseline(in: unbounded) - metrics.ascent * 100) < tolerance)
        #expect(text.lastBaseline(in: unbounded) == text.firstBaseline(in: unbounded))
    }

    @Test func linesStackByTheLineHeight() throws {
        let text = try GraphicsContextProbe.resolve(Text("one\ntwo\nthree").font(.title))
        let size = text.measure(in: unbounded)
        #expect(abs(size.height - 3 * metrics.lineHeight * 28) < tolerance)
        #expect(abs(text.lastBaseline(in: unbounded) - (metrics.ascent * 28 + 2 * metrics.lineHeight * 28)) < tolerance)
    }

    @Test func widthIsLinearInRepeatsAndTracking() throws {
        let once = try GraphicsContextProbe.resolve(Text("HH").font(.body)).measure(in: unbounded).width
        let twice = try GraphicsContextProbe.resolve(Text("HHHH").font(.body)).measure(in: unbounded).width
        #expect(once > 0)
        #expect(abs(twice - 2 * once) < tolerance)
        let tracked = try GraphicsContextProbe.resolve(Text("HHHH").font(.body).tracking(3)).measure(in: unbounded).width
        // Pango adds the spacing between characters: three gaps in four letters.
        #expect(abs(tracked - (twice + 3 * 3)) < tolerance)
        let kernedAndTracked = try GraphicsContextProbe.resolve(Text("HHHH").font(.body).kerning(1).tracking(2))
            .measure(in: unbounded).width
        #expect(abs(kernedAndTracked - tracked) < tolerance)
    }

    @Test func wrappingFitsTheWidthAndAddsLines() throws {
        let text = try GraphicsContextProbe.resolve(Text("The quick brown fox jumps over the lazy dog").font(.body))
        let wide = text.measure(in: unbounded)
        let narrow = text.measure(in: CGSize(width: 120, height: CGFloat.infinity))
        #expect(narrow.width <= 120)
        #expect(narrow.height > wide.height)
        let lines = (narrow.height / (metrics.lineHeight * 17)).rounded()
        #expect(abs(narrow.height - lines * metrics.lineHeight * 17) < tolerance)
        // A height of two lines keeps two lines (the second ends in an ellipsis).
        let cut = text.measure(in: CGSize(width: 120, height: 2.5 * metrics.lineHeight * 17))
        #expect(abs(cut.height - 2 * metrics.lineHeight * 17) < tolerance)
        #expect(abs(text.lastBaseline(in: CGSize(width: 120, height: 2.5 * metrics.lineHeight * 17))
            - (metrics.ascent + metrics.lineHeight) * 17) < tolerance)
    }

    @Test func textStylesHaveSwiftUIsSizes() throws {
        let sizes: [(Font, CGFloat)] = [
            (.largeTitle, 34), (.title, 28), (.title2, 22), (.title3, 20), (.headline, 17), (.body, 17),
            (.callout, 16), (.subheadline, 15), (.footnote, 13), (.caption, 12), (.caption2, 11),
        ]
        for (font, points) in sizes {
            let height = try GraphicsContextProbe.resolve(Text("x").font(font)).measure(in: unbounded).height
            #expect(abs(height - metrics.lineHeight * points) < tolerance, "\(points)")
        }
        // The default font is the body style.
        #expect(try GraphicsContextProbe.resolve(Text("x")).measure(in: unbounded)
            == GraphicsContextProbe.resolve(Text("x").font(.body)).measure(in: unbounded))
        // The headline is semibold, drawn with the carried Bold face: wider than the body.
        #expect(try GraphicsContextProbe.resolve(Text("Headline").font(.headline)).measure(in: unbounded).width
            > GraphicsContextProbe.resolve(Text("Headline").font(.body)).measure(in: unbounded).width)
    }

    @Test func emptyTextAndNULCharactersAreHarmless() throws {
        let empty = try GraphicsContextProbe.resolve(Text("").font(.system(size: 100))).measure(in: unbounded)
        #expect(empty.width == 0)
        #expect(abs(empty.height - metrics.lineHeight * 100) < tolerance)  // an empty line is still a line
        #expect(try GraphicsContextProbe.resolve(Text("H\0H")).measure(in: unbounded)
            == GraphicsContextProbe.resolve(Text("HH")).measure(in: unbounded))
        let image = try drawing(40, 20) { context, _ in
            context.draw(Text(""), at: CGPoint(x: 20, y: 10))
            context.draw(Text("   "), in: CGRect(x: 0, y: 0, width: 40, height: 20))
        }
        #expect(image.drawingIssue == nil)
        #expect(image.pixel(x: 20, y: 10) == .white)
    }

    @Test func badSizesMeasureNothingAndDrawNothing() throws {
        #expect(try GraphicsContextProbe.resolve(Text("x").font(.system(size: .nan))).measure(in: unbounded) == .zero)
        var bitmap = try Bitmap(width: 20, height: 20)
        bitmap.draw { context, _ in
            context.draw(Text("x").font(.system(size: -3)), at: CGPoint(x: 10, y: 10))
        }
        #expect(bitmap.drawingIssue?.message
            == "A drawing operation was skipped: draw text: the font size must be a number above 0 and at most 100000 points (got -3.0).")
    }
}

/// The carried regular face.
let regularNotoSans = packageFile("Sources/FlipbookDrawing/Fonts/NotoSans-Regular.ttf")

/// A context to resolve text with (resolution does not depend on the context's state).
enum GraphicsContextProbe {
    static func resolve(_ text: Text) throws -> GraphicsContext.ResolvedText {
        var resolved: GraphicsContext.ResolvedText?
        var bitmap = try Bitmap(width: 1, height: 1)
        bitmap.draw { context, _ in resolved = context.resolve(text) }
        return try #require(resolved)
    }
}

/// Vertical metrics read from a TrueType file's head and hhea tables, in ems.
struct FontFileMetrics {
    var ascent: CGFloat
    var descent: CGFloat
    var lineGap: CGFloat
    var lineHeight: CGFloat { ascent + descent + lineGap }

    init(_ url: URL) throws {
        let data = [UInt8](try Data(contentsOf: url))
        func u16(_ at: Int) -> Int { Int(data[at]) << 8 | Int(data[at + 1]) }
        func i16(_ at: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(at)))) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        var tables: [String: Int] = [:]
        for i in 0..<u16(4) {
            let record = 12 + 16 * i
            tables[String(decoding: data[record..<record + 4], as: UTF8.self)] = u32(record + 8)
        }
        guard let head = tables["head"], let hhea = tables["hhea"] else { throw CocoaError(.fileReadCorruptFile) }
        let unitsPerEm = CGFloat(u16(head + 18))
        ascent = CGFloat(i16(hhea + 4)) / unitsPerEm
        descent = CGFloat(-i16(hhea + 6)) / unitsPerEm
        lineGap = CGFloat(i16(hhea + 8)) / unitsPerEm
    }
}
