import FlipbookRaster
import Testing

/// The GIF palette is cut from the clip's own colours: a clip of at most 256 colours keeps every one.
@Suite("GIF palette")
struct GIFPaletteTests {
    /// Straight RGBA pixels of `colours`, each repeated `count` times.
    func pixels(_ colours: [(UInt8, UInt8, UInt8, UInt8)], count: Int) -> [UInt8] {
        colours.flatMap { c in [[UInt8]](repeating: [c.0, c.1, c.2, c.3], count: count).flatMap { $0 } }
    }

    @Test("a clip of 256 colours, counted over two frames, maps every pixel to its own colour exactly")
    func everyColourKept() {
        // 256 colours, each alone in its cell of the 5-bit grid, so each cell's mean is the colour itself.
        let colours = (0..<256).map { (i: Int) -> (UInt8, UInt8, UInt8, UInt8) in
            let r = UInt8(8 * (i % 32) + 3), g = UInt8(8 * (i / 32) + 5), b = UInt8(255 - i / 2)
            return (r, g, b, 255)
        }
        let first = pixels(Array(colours[..<200]), count: 3), second = pixels(Array(colours[100...]), count: 1)
        var palette = GIFPalette(keepsAlpha: true)
        palette.count(first)
        palette.count(second)
        let entries = palette.colours()
        #expect(entries.count == 256)
        let expected = colours.map { (c: (UInt8, UInt8, UInt8, UInt8)) -> UInt32 in
            let rgb: UInt32 = UInt32(c.0) << 16 | UInt32(c.1) << 8 | UInt32(c.2)
            return 0xFF00_0000 | rgb
        }
        #expect(Set(entries) == Set(expected))
        var indexer = palette.indexer()
        #expect(indexer.palette.count == 256)
        for frame in [first, second] {
            let indices = indexer.indices(of: frame, width: frame.count / 4, height: 1)
            for (pixel, index) in indices.enumerated() {
                let entry = indexer.palette[Int(index)]
                let rgb = [UInt8(entry >> 16 & 0xFF), UInt8(entry >> 8 & 0xFF), UInt8(entry & 0xFF)]
                #expect(rgb == Array(frame[(4 * pixel)..<(4 * pixel + 3)]), "pixel \(pixel)")
            }
        }
    }

    @Test("transparent pixels get the last entry, transparent; the rest keep their colours")
    func transparency() {
        let frame = pixels([(200, 10, 10, 255), (0, 0, 0, 0), (10, 200, 10, 255), (90, 90, 90, 127)], count: 2)
        var palette = GIFPalette(keepsAlpha: true)
        palette.count(frame)
        let entries = palette.colours()
        #expect(entries == [0xFFC8_0A0A, 0xFF0A_C80A, 0x0000_0000] || entries == [0xFF0A_C80A, 0xFFC8_0A0A, 0x0000_0000])
        var indexer = palette.indexer()
        let indices = indexer.indices(of: frame, width: 4, height: 2)
        #expect(indices.enumerated().allSatisfy { pixel, index in
            (frame[4 * pixel + 3] < 128) == (index == 2)
        })
        #expect(indexer.palette[..<3] == entries[...] && indexer.palette[3...].allSatisfy { $0 == 0xFF00_0000 })
        // Without alpha kept, every pixel counts as its colour.
        var opaque = GIFPalette(keepsAlpha: false)
        opaque.count(frame)
        #expect(opaque.colours().count == 4 && !opaque.colours().contains(0))
    }
}
