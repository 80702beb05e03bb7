import CCairo
import CZlib
import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Text in vector stills, dirty tiles and fast paths")
struct TextOutputTests {
    static let sample: @Sendable (inout GraphicsContext, CGSize) -> Void = { context, size in
        context.draw(Text("Vector text").font(.largeTitle).bold(), at: CGPoint(x: size.width / 2, y: 30))
        context.draw(Text("مرحبا نص").font(.title), at: CGPoint(x: size.width / 2, y: 80))
    }

    /// Cairo embeds the font and writes text operators: a font dictionary with an embedded font file,
    /// and BT … Tj/TJ … ET in a content stream.
    @Test func pdfKeepsTextAsText() throws {
        do {
            let directory = try TemporaryDirectory("text")
            let url = directory.file("text.pdf")
            try Bitmap.writeVector(to: url, format: .pdf, size: CGSize(width: 300, height: 120), Self.sample)
            let pdf = try Data(contentsOf: url)
            let raw = String(decoding: pdf, as: UTF8.self)
            #expect(raw.contains("/Type /Font"))
            #expect(raw.contains("/FontFile2") || raw.contains("/FontFile3"))
            #expect(raw.contains("NotoSans"))
            let streams = inflatedStreams(pdf).map { String(decoding: $0, as: UTF8.self) }
            let text = streams.filter { $0.contains("BT") && $0.contains("ET") }
            #expect(!text.isEmpty)
            #expect(text.contains { $0.contains("Tj") || $0.contains("TJ") })
        }
    }

    @Test func svgCarriesTheGlyphs() throws {
        do {
            let directory = try TemporaryDirectory("text")
            let url = directory.file("text.svg")
            try Bitmap.writeVector(to: url, format: .svg, size: CGSize(width: 300, height: 120), Self.sample)
            let svg = try String(contentsOf: url, encoding: .utf8)
            // Cairo's SVG backend draws glyphs as shared outlines (<symbol id="glyph…">) placed by <use>.
            #expect(svg.contains("id=\"glyph"))
            #expect(svg.contains("<use xlink:href=\"#glyph"))
        }
    }

    @Test func sameTextSameBytes() throws {
        let first = try drawing(300, 120, scale: 1.5) { Self.sample(&$0, $1) }.pngData()
        let second = try drawing(300, 120, scale: 1.5) { Self.sample(&$0, $1) }.pngData()
        #expect(first == second)
    }

    /// Text takes the general path; with the fast paths allowed or not, the frame is the same (the fills
    /// are whole-pixel squares, which the fast path covers exactly as Cairo does).
    @Test func fastPathsDoNotChangeFramesWithText() throws {
        func frame(_ fast: Bool) throws -> Bitmap {
            try drawing(200, 100) { context, _ in
                context.allowsFastPaths = fast
                for i in 0..<20 {
                    context.fill(Path(CGRect(x: CGFloat(i) * 9, y: 20, width: 6, height: 6)), with: .color(.red))
                }
                context.draw(Text("Fast 🎉").font(.title), at: CGPoint(x: 100, y: 50))
            }
        }
        #expect(DirtyTileTests().samePixels(try frame(true), try frame(false)))
    }

    /// Drawing marks the tiles under the text's ink (padded for antialiasing), wherever it lands.
    @Test func textMarksTheTilesUnderItsInk() throws {
        let texts: [(Text, UnitPoint)] = [
            (Text("Tiles").font(.system(size: 37)).italic(), .topLeading),
            (Text("fjord ÅÇ").font(.system(size: 23, weight: .black)), .center),
            (Text("🎉").font(.system(size: 30)), .bottomTrailing),
            (Text("क्षत्रिय").font(.system(size: 26)), .leading),
        ]
        for scale in [1.0, 2.0] {
            for (text, anchor) in texts {
                for origin in [CGPoint(x: 17, y: 15), CGPoint(x: 100, y: 70), CGPoint(x: -5, y: 130), CGPoint(x: 190, y: 2)] {
                    var bitmap = try Bitmap(width: Int(200 * scale), height: Int(136 * scale))
                    bitmap.draw(scale: scale, background: .white) { context, _ in
                        var ctx = context
                        ctx.rotate(by: .degrees(origin.x > 100 ? 12 : 0))
                        ctx.draw(text, at: origin, anchor: anchor)
                    }
                    #expect(bitmap.drawingIssue == nil)
                    try #require(DirtyTileTests().unmarkedPixelsAreClear(bitmap, "text at \(origin), scale \(scale)"))
                }
            }
        }
    }

    /// Text shapes (confetti) are painted as cached images; the tiles under them are marked too, and
    /// under a clip, a blend mode or on a vector page they still draw.
    @Test func textSymbolsMarkTheirTilesAndDrawEverywhere() throws {
        for scale in [1.0, 2.0] {
            for (index, origin) in [CGPoint(x: 17, y: 15), CGPoint(x: 100, y: 70), CGPoint(x: -3, y: 133)].enumerated() {
                var bitmap = try Bitmap(width: Int(200 * scale), height: Int(136 * scale))
                bitmap.draw(scale: scale, background: .white) { context, _ in
                    var ctx = context
                    ctx.translateBy(x: origin.x, y: origin.y)
                    ctx.rotate(by: .degrees(Double(index) * 37 + 10))
                    ctx.draw(TextSymbol(index == 1 ? "★" : "🎉"), height: 24, widthScale: 0.6, color: .green)
                }
                #expect(bitmap.drawingIssue == nil)
                try #require(DirtyTileTests().unmarkedPixelsAreClear(bitmap, "symbol at \(origin), scale \(scale)"))
            }
        }
        let image = try drawing(120, 40) { context, _ in
            var clipped = context
            clipped.clip(to: Path(CGRect(x: 0, y: 0, width: 120, height: 20)), options: .inverse)
            clipped.translateBy(x: 20, y: 20)
            clipped.draw(TextSymbol("★"), height: 30, widthScale: 1, color: .red)
            var multiplied = context
            multiplied.blendMode = .multiply
            multiplied.translateBy(x: 60, y: 20)
            multiplied.draw(TextSymbol("★"), height: 30, widthScale: 1, color: .blue)
            var faded = context
            faded.opacity = 0.5
            faded.translateBy(x: 100, y: 20)
            faded.draw(TextSymbol("🎉"), height: 30, widthScale: 1, color: .blue)
        }
        // The inverse clip keeps only the star's lower half; multiply over white keeps blue.
        #expect(image.pixel(x: 20, y: 10) == .white)
        #expect(image.pixel(x: 20, y: 23).red > 0.9 && image.pixel(x: 20, y: 23).green < 0.3)
        #expect(image.pixel(x: 60, y: 22).blue > 0.9 && image.pixel(x: 60, y: 22).red < 0.1)
        #expect(saturatedPixels(image) > 300)
        do {
            let directory = try TemporaryDirectory("symbol")
            let url = directory.file("symbol.pdf")
            try Bitmap.writeVector(to: url, format: .pdf, size: CGSize(width: 60, height: 40)) { context, _ in
                context.translateBy(x: 30, y: 20)
                context.draw(TextSymbol("★"), height: 30, widthScale: 0.5, color: .red)
            }
            #expect(inflatedStreams(try Data(contentsOf: url)).contains { String(decoding: $0, as: UTF8.self).contains("BT") })
        }
    }
}

/// Every stream of a PDF that inflates with zlib (Cairo compresses content streams with Flate).
func inflatedStreams(_ pdf: Data) -> [Data] {
    let bytes = [UInt8](pdf)
    let start = Array("stream".utf8), end = Array("endstream".utf8)
    var results: [Data] = []
    var i = 0
    while let s = find(start, in: bytes, from: i) {
        var body = s + start.count
        if body < bytes.count, bytes[body] == 0x0D { body += 1 }
        if body < bytes.count, bytes[body] == 0x0A { body += 1 }
        guard let e = find(end, in: bytes, from: body) else { break }
        if let inflated = inflateStream(Array(bytes[body..<e])) { results.append(inflated) }
        i = e + end.count
    }
    return results
}

private func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    var i = from
    while i <= haystack.count - needle.count {
        if haystack[i] == needle[0], Array(haystack[i..<i + needle.count]) == needle { return i }
        i += 1
    }
    return nil
}

private func inflateStream(_ input: [UInt8]) -> Data? {
    var stream = z_stream()
    guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var output = Data()
    var source = input
    var buffer = [UInt8](repeating: 0, count: 65536)
    return source.withUnsafeMutableBufferPointer { inputBuffer -> Data? in
        stream.next_in = inputBuffer.baseAddress
        stream.avail_in = UInt32(inputBuffer.count)
        while true {
            let status = buffer.withUnsafeMutableBufferPointer { out -> Int32 in
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(out.count)
                let status = inflate(&stream, Z_NO_FLUSH)
                if let base = out.baseAddress { output.append(base, count: out.count - Int(stream.avail_out)) }
                return status
            }
            if status == Z_STREAM_END { return output }
            if status != Z_OK { return nil }
        }
    }
}
