@testable import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// Where Debian's fonts-noto-cjk puts its sans-serif collection (the test setup installs it).
let notoSansCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
let hasNotoSansCJK = FileManager.default.fileExists(atPath: notoSansCJK)

/// The family of the font Pango drew each character of `text` with, and the characters it drew as
/// boxes, laid out as it is drawn.
func drawnFonts(_ text: Text) throws -> (families: [(String, String)], boxes: [String]) {
    try TextShaper.withShaper { shaper in
        let layout = try TextLayout(text, width: nil, height: nil, shaper: shaper)
        let fonts = LayoutFonts(layout.layout)
        let bytes = Array(text.string.utf8)
        func characters(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        return (fonts.families.map { (characters($0.range), $0.family) }, fonts.missing.map(characters))
    }
}

@Suite("Text in every script: carried fonts first, the machine's for the rest, with a warning")
struct TextFontTests {
    let unbounded = CGSize(width: CGFloat.infinity, height: .infinity)

    func width(_ text: Text) throws -> CGFloat {
        try GraphicsContextProbe.resolve(text).measure(in: unbounded).width
    }

    @Test func theMonospacedDesignDrawsEveryCharacterOneWidth() throws {
        let monospaced: [(name: String, size: CGFloat, style: (Text) -> Text)] = [
            ("design", 20, { $0.font(.system(size: 20, design: .monospaced)) }),
            ("Font.monospaced()", 20, { $0.font(.system(size: 20).monospaced()) }),
            ("Text.monospaced()", 20, { $0.font(.system(size: 20)).monospaced() }),
            ("text style", 28, { $0.font(.system(.title, design: .monospaced)) }),
            ("custom family", 20, { $0.font(.custom(FontConfiguration.monospacedFamily, size: 20)) }),
        ]
        for (name, size, style) in monospaced {
            let narrow = try width(style(Text("iiii"))), wide = try width(style(Text("WWWW")))
            let digits = try width(style(Text("1111"))), mixed = try width(style(Text("i0W.")))
            #expect(abs(narrow - wide) < 0.01 && abs(narrow - digits) < 0.01 && abs(narrow - mixed) < 0.01,
                    "\(name): \(narrow) \(wide) \(digits) \(mixed)")
            // Noto Sans Mono's advance is 600 units of its 1000-unit em.
            #expect(abs(narrow - 4 * 0.6 * size) < 0.01, "\(name): \(narrow)")
        }
        // The proportional family differs by far.
        #expect(try width(Text("WWWW").font(.system(size: 20))) > 2 * width(Text("iiii").font(.system(size: 20))))
        #expect(try drawnFonts(Text("iW").font(.system(size: 20).monospaced())).families.map(\.1) == ["Noto Sans Mono"])
        // Bold draws with the bold file; italic slants the upright one.
        let bold = try drawnFonts(Text("iW").font(.system(size: 20, weight: .bold, design: .monospaced)))
        #expect(bold.families.map(\.1) == ["Noto Sans Mono"])
        #expect(try width(Text("iiii").font(.system(size: 20, design: .monospaced)).bold().italic()) > 0)
    }

    @Test func monospacedDigitKeepsTheFamily() throws {
        let text = Text("1111").font(.system(size: 20).monospacedDigit())
        #expect(try drawnFonts(text).families.map(\.1) == ["Noto Sans"])
        #expect(abs(try width(text) - width(Text("0000").font(.system(size: 20)).monospacedDigit())) < 0.01)
    }

    @Test func charactersOnlyTheCarriedMonospacedFamilyHasDrawWithItWithoutAWarning() throws {
        let before = FontFallback.Warnings.shared.all
        let drawn = try drawnFonts(Text("a→b"))
        #expect(drawn.boxes.isEmpty)
        #expect(drawn.families.map(\.0) == ["a", "→", "b"])
        #expect(drawn.families.map(\.1) == ["Noto Sans", "Noto Sans Mono", "Noto Sans"])
        #expect(FontFallback.Warnings.shared.all.filter { $0.contains("→") }.isEmpty, "\(FontFallback.Warnings.shared.all.dropFirst(before.count))")
    }

    @Test(.enabled(if: hasNotoSansCJK, "fonts-noto-cjk is not installed (scripts/install-deps.sh installs it for the tests)"))
    func japaneseDrawsWithTheMachinesCJKFontAndWarnsNamingIt() throws {
        let drawn = try drawnFonts(Text("日本語のテキスト").font(.title))
        #expect(drawn.boxes.isEmpty)
        #expect(Set(drawn.families.map(\.1)) == ["Noto Sans CJK JP"])
        let warning = try #require(FontFallback.Warnings.shared.all.first { $0.contains("\"Noto Sans CJK JP\"") })
        #expect(warning.hasPrefix("Flipbook's fonts have no glyphs for "))
        #expect(FontFallback.usedMachineFont(MachineFont(family: "Noto Sans CJK JP", file: notoSansCJK), for: ["日", "本", "日"])
            .hasPrefix("Flipbook's fonts have no glyphs for 日 U+65E5, 本 U+672C; they are drawn with"))
        #expect(warning.hasSuffix("they are drawn with \"Noto Sans CJK JP\" from this machine's fonts (\(notoSansCJK)), "
            + "so they may look different on another machine."))
        // Kana asks for the Japanese forms of the shared Han characters; hangul for the Korean.
        #expect(FontFallback.language(of: "日本語のテキスト") == "ja")
        #expect(FontFallback.language(of: "한국어 漢字") == "ko")
        #expect(FontFallback.language(of: "中文") == nil)
    }

    @Test(.enabled(if: hasNotoSansCJK, "fonts-noto-cjk is not installed (scripts/install-deps.sh installs it for the tests)"))
    func whatTheCarriedFontsHaveKeepsItsFontBesideAFallback() throws {
        // Noto Sans CJK has ★, é and ‘ too; they stay with the carried fonts.
        let drawn = try drawnFonts(Text("★é‘日"))
        #expect(drawn.families.map(\.1) == ["Noto Sans Symbols2", "Noto Sans", "Noto Sans CJK JP"])
        // And keep their pixels: the same characters alone and beside a fallback character, on one
        // baseline (the CJK font makes the line taller).
        func draw(_ string: String) throws -> Bitmap {
            try drawing(120, 60) { context, _ in
                let text = context.resolve(Text(string).font(.system(size: 32)))
                let baseline = text.firstBaseline(in: unbounded)
                context.draw(text, at: CGPoint(x: 4, y: 44 - baseline), anchor: .topLeading)
            }
        }
        let alone = try draw("★é‘"), beside = try draw("★é‘日")
        let carriedWidth = Int(try width(Text("★é‘").font(.system(size: 32))))
        var differing = 0
        for y in 0..<60 {
            for x in 0..<carriedWidth where alone.pixel(x: x, y: y) != beside.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0)
    }

    @Test(.enabled(if: hasNotoSansCJK, "fonts-noto-cjk is not installed (scripts/install-deps.sh installs it for the tests)"))
    func japaneseMatchesItsReferenceImage() throws {
        let image = try drawing(360, 110) { context, _ in
            context.draw(Text("日本語のテキスト").font(.system(size: 32)), at: CGPoint(x: 10, y: 8), anchor: .topLeading)
            context.draw(Text("Mixed 漢字 and かな, ★").font(.system(size: 24)).foregroundColor(.blue),
                         at: CGPoint(x: 10, y: 62), anchor: .topLeading)
        }
        assertMatchesReference(image, named: "japanese", directory: "Text")
        // Not boxes: a box is a frame around four small hex digits, which leaves most of its area
        // empty; 本 and テ cross it with long strokes.
        #expect(try drawnFonts(Text("日本語のテキスト")).boxes.isEmpty)
    }

    /// An Egyptian hieroglyph, which neither the carried fonts nor, unless it has Noto Sans Egyptian
    /// Hieroglyphs, the machine has.
    static let hieroglyph: Unicode.Scalar = "\u{13000}"
    static let noFontHasTheHieroglyph = MachineFonts.font(for: [hieroglyph], language: nil, excluding: []) == nil

    @Test(.enabled(if: noFontHasTheHieroglyph, "this machine has a font with U+13000"))
    func aCharacterNoFontHasIsAWarningNotASilentBox() throws {
        let drawn = try drawnFonts(Text("a\u{13000}b\u{0378}"))
        #expect(drawn.boxes == ["\u{13000}", "\u{0378}"])
        #expect(FontFallback.Warnings.shared.all.contains(
            "no font has glyphs for 𓀀 U+13000, U+0378; they are drawn as boxes showing their codes. "
                + "Install a font that has them (fc-list ':charset=13000' lists the fonts that have the first)."))
        #expect(FontFallback.missingEverywhere(["\u{0378}"]) == "no font has glyphs for U+0378; it is drawn as a box "
            + "showing its code. Install a font that has it (fc-list ':charset=378' lists the fonts that do).")
    }

    @Test func fallbackFontsAreDrawnOverTheRunsFamiliesInFewRanges() {
        typealias Pin = TextAttributes.Pin
        let runs = [Pin(range: 10..<20, family: "B"), Pin(range: 0..<10, family: "A")]
        // A fallback may reach over several runs.
        let fallbacks = [Pin(range: 2..<4, family: "X"), Pin(range: 4..<6, family: "X"), Pin(range: 8..<12, family: "Y")]
        #expect(FontFallback.overlaid(fallbacks, on: runs) == [
            Pin(range: 0..<2, family: "A"), Pin(range: 2..<6, family: "X"), Pin(range: 6..<8, family: "A"),
            Pin(range: 8..<12, family: "Y"), Pin(range: 12..<20, family: "B"),
        ])
    }

    @Test(.enabled(if: hasNotoSansCJK, "fonts-noto-cjk is not installed (scripts/install-deps.sh installs it for the tests)"))
    func aLongJapaneseTextIsPinnedToItsFontsInAFewRanges() throws {
        // Han, kana and punctuation alternate every few characters: hundreds of runs, one fallback font.
        let string = String(repeating: "漢字とかな、カタカナ。", count: 300)
        let pins = try TextShaper.withShaper { shaper in
            try TextLayout(Text(string), width: 300, height: nil, shaper: shaper).pins
        }
        #expect(pins == [TextAttributes.Pin(range: 0..<string.utf8.count, family: "Noto Sans CJK JP")])
        let drawn = try drawnFonts(Text(string))
        #expect(drawn.boxes.isEmpty)
        #expect(Set(drawn.families.map(\.1)) == ["Noto Sans CJK JP"])
    }

    @Test func plainLatinTextNeedsNoOtherFontFile() throws {
        for text in [Text("Flipbook: Latin, Ελληνικά, Кириллица — “quotes” ½"), Text("مرحبا क्षत्रिय ★ ●")] {
            #expect(try TextFonts(text.format).files.isEmpty)
            #expect(try drawnFonts(text).boxes.isEmpty)
        }
    }
}
