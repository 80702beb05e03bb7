import CCairo
import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// Flipbook's PNG writer (libdeflate, Sub or Up per row) against Cairo's own libpng writer: both
/// files decoded, the same pixels.
@Suite("PNG writer: libdeflate, the pixels Cairo writes")
struct PNGWriterTests {
    /// Translucent confetti over a gradient, with transparent corners: every kind of pixel.
    private func picture() throws -> Bitmap {
        var bitmap = try Bitmap(width: 301, height: 157)
        bitmap.draw { context, size in
            context.fill(Path(CGRect(x: 20, y: 10, width: size.width - 40, height: size.height - 20)),
                         with: .linearGradient(Gradient(colors: [.red, .blue.opacity(0.4)]),
                                               startPoint: .zero, endPoint: CGPoint(x: size.width, y: size.height)))
            var mix = SplitMix(state: 5)
            func uniform(_ range: ClosedRange<Double>) -> Double {
                range.lowerBound + Double(mix.next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
            }
            for _ in 0..<200 {
                var particle = context
                particle.translateBy(x: uniform(0...size.width), y: uniform(0...size.height))
                particle.rotate(by: .degrees(uniform(0...360)))
                particle.opacity = uniform(0.2...1)
                particle.fill(Path(CGRect(x: -6, y: -3, width: 12, height: 6)),
                              with: .color(Color(hue: uniform(0...1), saturation: 0.8, brightness: 0.9)))
            }
        }
        return bitmap
    }

    /// Every premultiplied ARGB word of a bitmap.
    private func words(_ bitmap: Bitmap) -> [UInt32] {
        bitmap.withUnsafeBytes { bytes, stride in
            (0..<bitmap.height).flatMap { y in
                (0..<bitmap.width).map { x in bytes.load(fromByteOffset: y * stride + 4 * x, as: UInt32.self) }
            }
        }
    }

    /// The bitmap written by `cairo_surface_write_to_png`, as before Flipbook wrote its own.
    private func cairoPNG(_ bitmap: Bitmap, to url: URL) throws {
        var copy = words(bitmap)
        let status = copy.withUnsafeMutableBytes { raw -> cairo_status_t in
            guard let base = raw.baseAddress else { return CAIRO_STATUS_NULL_POINTER }
            let surface = cairo_image_surface_create_for_data(
                base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(bitmap.width), Int32(bitmap.height),
                Int32(bitmap.width * 4))
            defer { cairo_surface_destroy(surface) }
            return cairo_surface_write_to_png(surface, url.path)
        }
        #expect(status == CAIRO_STATUS_SUCCESS)
    }

    @Test("every compression level decodes to the pixels Cairo's own writer gives")
    func samePixelsAsCairo() throws {
        let scratch = try TemporaryDirectory("png-writer")
        let bitmap = try picture()
        let reference = scratch.url.appendingPathComponent("cairo.png")
        try cairoPNG(bitmap, to: reference)
        let expected = words(try Bitmap(contentsOfPNG: reference))
        var sizes: [Int: Int] = [:]
        for level in Bitmap.pngCompressionRange {
            let url = scratch.url.appendingPathComponent("level-\(level).png")
            try bitmap.writePNG(to: url, compression: level)
            #expect(words(try Bitmap(contentsOfPNG: url)) == expected, "level \(level)")
            sizes[level] = try Data(contentsOf: url).count
        }
        // The trade the setting offers: level 0 stores, 12 is the smallest.
        #expect(sizes[0, default: 0] > sizes[1, default: 0])
        #expect(sizes[12, default: 0] <= sizes[1, default: 0])
        #expect(try bitmap.pngData() == bitmap.pngData(compression: Bitmap.defaultPNGCompression))
    }

    @Test("a compression level outside 0…12 is refused, naming pngCompression")
    func levelOutOfRange() throws {
        let bitmap = try Bitmap(width: 4, height: 4)
        for level in [-1, 13] {
            #expect { try bitmap.pngData(compression: level) } throws: { error in
                (error as? FlipbookError)?.message.contains("pngCompression must be between 0 and 12") == true
            }
        }
    }
}
