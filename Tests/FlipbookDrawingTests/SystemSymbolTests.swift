@testable import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// `Image(systemName:)`: every mapped name draws its icon in the shading, an unknown name draws
/// nothing and warns once, and the documentation lists exactly the table.
@Suite("System symbols")
struct SystemSymbolTests {
    /// The shading every symbol is drawn with here; its pixels must be this colour.
    static let ink = Color(red: 0.9, green: 0.1, blue: 0.3)

    /// `image` drawn centred in a 24 × 24 point transparent bitmap at `scale`, its shading `ink`.
    static func draw(_ image: Image, scale: CGFloat = 1) throws -> Bitmap {
        try drawing(Int(24 * scale), Int(24 * scale), scale: scale, background: nil) { context, size in
            var resolved = context.resolve(image)
            resolved.shading = .color(ink)
            context.draw(resolved, at: CGPoint(x: size.width / 2, y: size.height / 2))
        }
    }

    /// The pixels with any ink, and whether every one of them is the ink colour.
    static func inkPixels(_ bitmap: Bitmap) -> (count: Int, allInk: Bool) {
        var count = 0, allInk = true
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let p = bitmap.pixel(x: x, y: y)
                guard p.opacity > 0 else { continue }
                count += 1
                // Un-premultiplying an alpha of a few 8-bit steps is coarse; judge the colour where it is
                // at least a quarter opaque.
                if p.opacity >= 0.25, !(close(p.red, ink.red, 0.03) && close(p.green, ink.green, 0.03)
                                        && close(p.blue, ink.blue, 0.03)) {
                    allInk = false
                }
            }
        }
        return (count, allInk)
    }

    @Test(arguments: SystemSymbolMap.entries.map(\.symbol))
    func everyMappedNameDrawsItsIconInTheShading(name: String) throws {
        let warnings = RecordedWarnings()
        let bitmap = try Self.draw(Image(systemName: name, warnings: warnings.sink))
        let ink = Self.inkPixels(bitmap)
        // The least ink of all, `minus`'s bar, touches 20 of the symbol's 17 × 17 pixels.
        #expect(ink.count >= 20, "\(name): \(ink.count) pixels drawn")
        #expect(ink.allInk, "\(name) has pixels in another colour than its shading")
        #expect(warnings.messages.isEmpty)
    }

    @Test func theTableCoversTheCommonNamesOnceEach() {
        let names = SystemSymbolMap.entries.map(\.symbol)
        #expect(Set(names).count == names.count, "a name is mapped twice")
        #expect(names.count >= 100)
        for name in ["star.fill", "heart.fill", "sparkle", "sparkles", "bolt.fill", "flame.fill", "checkmark", "xmark",
                     "circle.fill", "music.note", "arrow.up", "play.fill", "pause.fill", "gear", "person.fill", "house.fill",
                     "bell.fill", "trash", "plus", "minus", "cloud.fill", "sun.max.fill", "moon.fill", "hand.thumbsup.fill"] {
            #expect(SystemSymbolMap.icon(for: name) != nil, "\(name) is not mapped")
        }
    }

    @Test func aSymbolIsTheBodyFontsGlyphBoxAndItsIconSitsOnMaterialsGrid() throws {
        var size = CGSize.zero
        _ = try drawing(1, 1, background: nil) { context, _ in size = context.resolve(Image(systemName: "square.fill")).size }
        #expect(size == CGSize(width: 17, height: 17))
        // Material's filled square covers 3...21 of its 24-unit grid: at 17 points drawn at 8 pixels per
        // point (136 pixels), columns and rows from 17 to 119.
        let bitmap = try drawing(136, 136, scale: 8, background: nil) { context, _ in
            context.draw(Image(systemName: "square.fill"), at: .zero, anchor: .topLeading)
        }
        for (x, expected) in [(16, 0.0), (18, 1.0), (68, 1.0), (118, 1.0), (120, 0.0)] {
            #expect(close(bitmap.pixel(x: x, y: 68).opacity, expected), "column \(x)")
            #expect(close(bitmap.pixel(x: 68, y: x).opacity, expected), "row \(x)")
        }
    }

    /// Every icon has one layer, so each rendering mode draws the one-colour symbol.
    @Test(arguments: [SymbolRenderingMode.monochrome, .hierarchical, .palette, .multicolor])
    func everyRenderingModeDrawsTheOneLayerSymbol(mode: SymbolRenderingMode) throws {
        let plain = try Self.draw(Image(systemName: "heart.fill"), scale: 2)
        let moded = try Self.draw(Image(systemName: "heart.fill").symbolRenderingMode(mode), scale: 2)
        #expect(Self.inkPixels(plain).count > 100)
        #expect(try moded.pngData() == plain.pngData())
    }

    @Test func anUnknownNameDrawsNothingAndWarnsOnce() throws {
        let warnings = RecordedWarnings()
        var bitmaps: [Bitmap] = []
        for _ in 0..<3 {
            bitmaps.append(try Self.draw(Image(systemName: "no.such.symbol", warnings: warnings.sink)))
        }
        _ = Image(systemName: "another.missing.one", warnings: warnings.sink)
        for bitmap in bitmaps { #expect(Self.inkPixels(bitmap).count == 0) }
        var size = CGSize(width: -1, height: -1)
        _ = try drawing(1, 1, background: nil) { context, _ in
            size = context.resolve(Image(systemName: "no.such.symbol", warnings: warnings.sink)).size
        }
        #expect(size == .zero)
        #expect(warnings.messages == ["No symbol named 'no.such.symbol' found in system symbol set",
                                      "No symbol named 'another.missing.one' found in system symbol set"])
    }

    @Test func theDocumentationListsTheTable() throws {
        let file = packageFile("Sources/Flipbook/Flipbook.docc/SystemSymbols.md")
        let generated = SystemSymbolMap.referenceMarkdown()
        let checkedIn = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        if checkedIn != generated, ProcessInfo.processInfo.environment["UPDATE_REFERENCE"] == "1" {
            try generated.write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(checkedIn == generated, "SystemSymbols.md is stale: run the tests with UPDATE_REFERENCE=1")
        #expect(generated.contains("| `star.fill` | `star` |\n"))
    }
}

/// A warning sink that keeps what it is given.
final class RecordedWarnings: Sendable {
    private let recorded: Recorded
    let sink: OnceWarnings

    init() {
        let recorded = Recorded()
        self.recorded = recorded
        sink = OnceWarnings { recorded.append($0) }
    }

    var messages: [String] { recorded.all }

    private final class Recorded: @unchecked Sendable {
        // @unchecked: `lines` is only touched under `lock`.
        private let lock = NSLock()
        private var lines: [String] = []

        func append(_ line: String) {
            lock.lock()
            lines.append(line)
            lock.unlock()
        }

        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return lines
        }
    }
}
