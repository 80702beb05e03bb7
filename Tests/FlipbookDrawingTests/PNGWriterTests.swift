import CCairo
import CZlib
import FlipbookDrawing
import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// Flipbook's PNG writer (Sub or Up per row, zlib in strips of rows) against Cairo's own libpng
/// writer: both files decoded, the same pixels.
@Suite("PNG writer: zlib in strips, the pixels Cairo writes")
struct PNGWriterTests {
    /// Translucent confetti over a gradient, with transparent corners: every kind of pixel.
    /// 640×480 by default: RGBA rows of 2,561 bytes, so five strips.
    private func picture(width: Int = 640, height: Int = 480) throws -> Bitmap {
        var bitmap = try Bitmap(width: width, height: height)
        bitmap.draw { context, size in
            context.fill(Path(CGRect(x: 20, y: 10, width: size.width - 40, height: size.height - 20)),
                         with: .linearGradient(Gradient(colors: [.red, .blue.opacity(0.4)]),
                                               startPoint: .zero, endPoint: CGPoint(x: size.width, y: size.height)))
            var mix = SplitMix(state: 5)
            func uniform(_ range: ClosedRange<Double>) -> Double {
                range.lowerBound + Double(mix.next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
            }
            for _ in 0..<(width * height / 240) {
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
        // The trade the setting offers: level 0 stores; zlib's levels find more as they rise.
        #expect(sizes.values.allSatisfy { $0 <= sizes[0, default: 0] })
        #expect(sizes[9, default: 0] <= sizes[2, default: 0])
        #expect(try bitmap.pngData() == bitmap.pngData(compression: Bitmap.defaultPNGCompression))
    }

    @Test("the strips give the same bytes whether they ran at once or one after another")
    func stripsInParallelOrNot() throws {
        let bitmap = try picture()
        for level in Bitmap.pngCompressionRange {
            let (parallel, serial) = try bitmap.withFramePixels {
                (try $0.pngFile(level: level, inParallel: true), try $0.pngFile(level: level, inParallel: false))
            }
            #expect(parallel == serial, "level \(level)")
            // Five strips' worth of rows: the stream must still be one valid zlib stream.
            let decoded = try decodedPNG(parallel)
            #expect(decoded.width == 640 && decoded.height == 480)
        }
    }

    @Test("a picture one row high, and one a pixel wide and taller than Cairo allows")
    func extremeShapes() throws {
        let scratch = try TemporaryDirectory("png-writer")
        let row = try picture(width: 3000, height: 1)
        let rowURL = scratch.url.appendingPathComponent("row.png")
        try row.writePNG(to: rowURL)
        let cairoURL = scratch.url.appendingPathComponent("row-cairo.png")
        try cairoPNG(row, to: cairoURL)
        #expect(words(try Bitmap(contentsOfPNG: rowURL)) == words(try Bitmap(contentsOfPNG: cairoURL)))

        // 200,000 rows of 5 filtered bytes: four strips, each starting with an Up row.
        let height = 200_000
        let samples = (0..<height).flatMap { y -> [UInt8] in
            [UInt8(truncatingIfNeeded: y), UInt8(truncatingIfNeeded: y / 256), UInt8(truncatingIfNeeded: y &* 7), y % 3 == 0 ? 255 : 128]
        }
        for level in [0, 1, 6] {
            let png = try pngFile(straightRGBA: samples, width: 1, height: height, rowBytes: 4, level: level)
            let decoded = try decodedPNG(png)
            #expect(decoded.width == 1 && decoded.height == height && decoded.channels == 4)
            #expect(decoded.samples == samples, "level \(level)")
        }
    }

    @Test("a 3840×2160 picture's stream carries the Adler-32 of all its rows, which zlib checks")
    func largePictureAdler() throws {
        let width = 3840, height = 2160
        var state: UInt32 = 1
        var samples = [UInt8](repeating: 255, count: 4 * width * height)
        for i in 0..<(width * height) {
            // Noise in every third pixel so the picture is neither flat nor random throughout.
            state = state &* 1_664_525 &+ 1_013_904_223
            samples[4 * i] = i % 3 == 0 ? UInt8(truncatingIfNeeded: state >> 24) : UInt8(truncatingIfNeeded: i / width)
            samples[4 * i + 1] = UInt8(truncatingIfNeeded: i)
            samples[4 * i + 2] = 200
        }
        let png = try pngFile(straightRGBA: samples, width: width, height: height, rowBytes: 4 * width, level: 1)
        // decodedPNG inflates with zlib's own check of the trailer, and compares it with the rows'.
        let decoded = try decodedPNG(png)
        #expect(decoded.channels == 3)
        #expect(decoded.samples.count == 3 * width * height)
        #expect(decoded.samples[3 * (width * height - 1)] == samples[4 * (width * height - 1)])
    }
    @Test("a compression level outside 0…9 is refused, naming pngCompression")
    func levelOutOfRange() throws {
        let bitmap = try Bitmap(width: 4, height: 4)
        for level in [-1, 10] {
            #expect { try bitmap.pngData(compression: level) } throws: { error in
                (error as? FlipbookError)?.message.contains("pngCompression must be between 0 and 9") == true
            }
        }
    }
}

/// A PNG as Flipbook writes it, decoded without libpng: every chunk's CRC checked, the IDAT inflated
/// by zlib (which checks the Adler-32 trailer), the trailer compared with the rows' own Adler-32,
/// and the Sub and Up filters undone.
func decodedPNG(_ png: Data) throws -> (width: Int, height: Int, channels: Int, samples: [UInt8]) {
    let bytes = [UInt8](png)
    try #require(Array(bytes.prefix(8)) == pngSignature)
    func bigEndian(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    var offset = 8, width = 0, height = 0, channels = 0
    var idat: [UInt8] = []
    while offset < bytes.count {
        let length = bigEndian(offset)
        let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
        let typeAndBody = Array(bytes[offset + 4..<offset + 8 + length])
        let crc = typeAndBody.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        #expect(Int(crc) == bigEndian(offset + 8 + length), "\(type)'s CRC")
        if type == "IHDR" {
            width = bigEndian(offset + 8)
            height = bigEndian(offset + 12)
            channels = bytes[offset + 17] == 6 ? 4 : 3
        } else if type == "IDAT" {
            idat += bytes[offset + 8..<offset + 8 + length]
        }
        offset += 12 + length
    }
    let rowBytes = 1 + width * channels
    var filtered = [UInt8](repeating: 0, count: rowBytes * height)
    var stream = z_stream()
    try #require(inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
    defer { inflateEnd(&stream) }
    let status = idat.withUnsafeMutableBufferPointer { input in
        filtered.withUnsafeMutableBufferPointer { output in
            stream.next_in = input.baseAddress
            stream.avail_in = uInt(input.count)
            stream.next_out = output.baseAddress
            stream.avail_out = uInt(output.count)
            return inflate(&stream, Z_FINISH)
        }
    }
    try #require(status == Z_STREAM_END, "inflate: \(status) \(stream.msg.map { String(cString: $0) } ?? "")")
    #expect(stream.avail_out == 0 && stream.avail_in == 0)
    let adler = filtered.withUnsafeBufferPointer { adler32(adler32(0, nil, 0), $0.baseAddress, uInt($0.count)) }
    #expect(Int(adler) == idat.suffix(4).reduce(0) { $0 << 8 | Int($1) })

    var samples = [UInt8](repeating: 0, count: width * channels * height)
    for y in 0..<height {
        let filter = filtered[y * rowBytes]
        for i in 0..<(width * channels) {
            let value = filtered[y * rowBytes + 1 + i]
            let at = y * width * channels + i
            switch filter {
            case 1: samples[at] = value &+ (i >= channels ? samples[at - channels] : 0)
            case 2: samples[at] = value &+ (y > 0 ? samples[at - width * channels] : 0)
            default: Issue.record("filter \(filter) in row \(y)")
            }
        }
    }
    return (width, height, channels, samples)
}
