import CZlib
import Dispatch
import FlipbookCore
import Foundation

/// The compression levels of the PNGs Flipbook writes: zlib's.
package enum PNGCompression {
    /// 0 stores; 1 codes runs of repeated bytes only (zlib's run-length strategy); 2–9 are zlib's
    /// levels, searching ever longer for repeated strings.
    package static let range = 0...9
    /// The level PNGs are written at unless asked otherwise. Drawn pictures filter to long runs of
    /// zeros, which runs alone code best: on the 3840×2160 storm still (B4) level 1 made the
    /// smallest file of all the levels, 3 % below level 9's, in half of level 6's CPU time and a
    /// thirteenth of level 9's (Benchmarks/end-to-end.md).
    package static let defaultLevel = 1

    /// Filtered bytes per strip: a strip's compressor starts with an empty dictionary, and at this
    /// size that cost B4 at most 0.33 % at any level (0.04 % at level 1), while a 4K picture still
    /// makes about a hundred strips to share among cores.
    static let stripBytes = 256 * 1024

    /// zlib's strategy for `level`.
    static func strategy(_ level: Int) -> Int32 { level == 1 ? Z_RLE : Z_DEFAULT_STRATEGY }

    /// The zlib header's level field (RFC 1950), as zlib itself sets it.
    static func headerLevel(_ level: Int) -> UInt8 {
        switch level {
        case ..<2: 0
        case 2...5: 1
        case 6: 2
        default: 3
        }
    }
}

/// A PNG file of straight (un-premultiplied) RGBA samples, `rowBytes` bytes a row: 8-bit RGB when
/// every alpha is 255, else 8-bit RGBA, at zlib's `level`; for image sequences, whose frames
/// arrive converted.
///
/// - Throws: ``FlipbookError`` when the level is out of range, the samples are too few or zlib fails.
package func pngFile(straightRGBA samples: [UInt8], width: Int, height: Int, rowBytes: Int, level: Int) throws -> Data {
    guard width > 0, height > 0, rowBytes >= 4 * width, samples.count >= rowBytes * (height - 1) + 4 * width else {
        throw FlipbookError(.internal, "A \(width)×\(height) PNG was given \(samples.count) bytes of RGBA samples.")
    }
    var opaque = true
    for y in 0..<height where opaque {
        for x in 0..<width where samples[y * rowBytes + 4 * x + 3] != 255 {
            opaque = false
            break
        }
    }
    let channels = opaque ? 3 : 4
    let rows = PNGRowSource(width: width, height: height, channels: channels) { y, row in
        for x in 0..<width {
            for c in 0..<channels { row[x * channels + c] = samples[y * rowBytes + 4 * x + c] }
        }
    }
    return try assemblePNG(rows, opaque: opaque, level: level, inParallel: true)
}

extension FramePixels {
    /// The picture as a PNG file: 8-bit RGB when every pixel is opaque, else 8-bit RGBA, its IDAT a
    /// zlib stream at `level` (``PNGCompression/range``), filtered and compressed in strips of rows,
    /// on every core when `inParallel`; the bytes are the same either way.
    ///
    /// - Throws: ``FlipbookError`` when zlib fails or the level is out of range.
    package func pngFile(level: Int, inParallel: Bool = true) throws -> Data {
        let opaque = isOpaque
        return try assemblePNG(pngRows(channels: opaque ? 3 : 4), opaque: opaque, level: level, inParallel: inParallel)
    }
}

/// Signature, IHDR, one IDAT holding the filtered rows as one zlib stream at `level`, IEND.
///
/// The stream is made as pigz makes its: the rows are cut into strips whose height depends only on
/// the picture, each strip is filtered and compressed on its own as raw deflate blocks that end on
/// a byte boundary (the last strip's closing the stream), and the strips follow the zlib header in
/// order, then the Adler-32 of all the filtered bytes, combined from the strips'. So the file is
/// the same whether the strips ran at once or one after another.
private func assemblePNG(_ rows: PNGRowSource, opaque: Bool, level: Int, inParallel: Bool) throws -> Data {
    guard PNGCompression.range.contains(level) else {
        throw FlipbookError.mustBe("pngCompression", PNGCompression.range.requirementText, itIs: String(level))
    }
    guard let width = UInt32(exactly: rows.width), let height = UInt32(exactly: rows.height),
          rows.filteredRowBytes <= Int(UInt32.max) else {
        throw FlipbookError.invalidInput("A \(rows.width)×\(rows.height) picture is too large for a PNG.")
    }
    let stripRows = max(1, PNGCompression.stripBytes / rows.filteredRowBytes)
    let stripCount = (rows.height + stripRows - 1) / stripRows
    // Shared with the strips' threads: each strip writes only its own result, and the rows are read
    // only (their `makeRow` allows calls from several threads).
    nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Result<CompressedStrip, any Error>?>
        .allocate(capacity: stripCount)
    results.initialize(repeating: nil)
    defer {
        results.deinitialize()
        results.deallocate()
    }
    nonisolated(unsafe) let rows = rows
    let compressStrip: @Sendable (Int) -> Void = { index in
        let first = index * stripRows
        let strip = first..<min(first + stripRows, rows.height)
        results[index] = Result {
            try compressedStrip(rows, strip, level: level, last: strip.upperBound == rows.height)
        }
    }
    if inParallel {
        DispatchQueue.concurrentPerform(iterations: stripCount, execute: compressStrip)
    } else {
        for index in 0..<stripCount { compressStrip(index) }
    }

    var png = Data(pngSignature)
    var header = Data()
    header.appendBigEndian(width)
    header.appendBigEndian(height)
    // Bit depth 8; colour type 2 (RGB) or 6 (RGBA); deflate; adaptive filtering; no interlace.
    header.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0])
    png.appendPNGChunk("IHDR", [header])

    // CMF: deflate with a 32 KiB window; FLG: the level, and a check making CMF·256 + FLG a multiple of 31.
    let cmf: UInt8 = 0x78
    let flagLevel = PNGCompression.headerLevel(level) << 6
    let zlibHeader = Data([cmf, flagLevel + UInt8(31 - (Int(cmf) * 256 + Int(flagLevel)) % 31)])
    var parts = [zlibHeader]
    var adler = adler32(0, nil, 0)
    for index in 0..<stripCount {
        switch results[index] {
        case .success(let strip)?:
            parts.append(strip.deflated)
            adler = adler32_combine(adler, strip.adler, off_t(strip.filteredBytes))
        case .failure(let error)?:
            throw error
        case nil:
            throw FlipbookError(.internal, "Encoding a \(width)×\(height) PNG failed: strip \(index) was not compressed.")
        }
    }
    var trailer = Data()
    trailer.appendBigEndian(UInt32(truncatingIfNeeded: adler))
    parts.append(trailer)
    // A chunk's length is 31 bits.
    guard parts.reduce(0, { $0 + $1.count }) <= Int(Int32.max) else {
        throw FlipbookError.invalidInput("A \(width)×\(height) picture does not fit one PNG image-data chunk.")
    }
    png.appendPNGChunk("IDAT", parts)
    png.appendPNGChunk("IEND", [])
    return png
}

/// One strip's filtered rows as raw deflate blocks.
private struct CompressedStrip {
    var deflated: Data
    var adler: uLong
    var filteredBytes: Int
}

/// Rows `strip` filtered and compressed by a zlib stream of their own at `level`: without a wrapper
/// (window bits −15), flushed to a byte boundary without the final-block flag unless `last`.
private func compressedStrip(_ rows: PNGRowSource, _ strip: Range<Int>, level: Int, last: Bool) throws -> CompressedStrip {
    let byteCount = strip.count * rows.filteredRowBytes
    let failure = "Encoding a \(rows.width)×\(rows.height) PNG failed"
    guard let inputCount = uInt(exactly: byteCount) else {
        throw FlipbookError.invalidInput("A \(rows.width)×\(rows.height) picture is too large for a PNG.")
    }
    let input = UnsafeMutablePointer<UInt8>.allocate(capacity: byteCount)
    defer { input.deallocate() }
    rows.filter(strip, into: input)
    let adler = adler32(adler32(0, nil, 0), input, inputCount)

    var stream = z_stream()
    let initStatus = deflateInit2_(&stream, Int32(level), Z_DEFLATED, -MAX_WBITS, 8, PNGCompression.strategy(level),
                                   ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard initStatus == Z_OK else {
        throw FlipbookError(.internal, "\(failure): zlib's deflateInit2 returned \(initStatus) (\(zlibMessage(stream))).")
    }
    defer { deflateEnd(&stream) }
    // The bound is for a finished stream; a flush adds at most an empty stored block, and the loop
    // below grows the buffer should that not fit.
    var capacity = Int(deflateBound(&stream, uLong(inputCount))) + 16
    var output = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    defer { output.deallocate() }
    stream.next_in = input
    stream.avail_in = inputCount
    var produced = 0
    let flush = last ? Z_FINISH : Z_FULL_FLUSH
    while true {
        if produced == capacity {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * capacity)
            grown.update(from: output, count: produced)
            output.deallocate()
            output = grown
            capacity *= 2
        }
        stream.next_out = output + produced
        stream.avail_out = uInt(clamping: capacity - produced)
        let status = deflate(&stream, flush)
        produced = capacity - Int(stream.avail_out)
        // Z_BUF_ERROR only says no progress was possible without more room, which the loop gives.
        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
            throw FlipbookError(.internal, "\(failure): zlib's deflate returned \(status) (\(zlibMessage(stream))).")
        }
        // Done when the stream ended, or when a flush left room over: all its output was written.
        if status == Z_STREAM_END || (!last && stream.avail_in == 0 && stream.avail_out > 0) { break }
    }
    return CompressedStrip(deflated: Data(bytes: output, count: produced), adler: adler, filteredBytes: byteCount)
}

/// zlib's message for a stream's last error, if it left one.
private func zlibMessage(_ stream: z_stream) -> String {
    stream.msg.map { String(cString: $0) } ?? "no message"
}

/// The eight bytes every PNG file starts with.
package let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

private extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }

    /// Appends a PNG chunk whose data is `parts` in order: length, type, data, and the CRC-32 of type
    /// and data. The caller keeps the length within 31 bits.
    mutating func appendPNGChunk(_ type: String, _ parts: [Data]) {
        appendBigEndian(UInt32(truncatingIfNeeded: parts.reduce(0) { $0 + $1.count }))
        let typeBytes = Data(type.utf8)
        var crc = crc32(0, nil, 0)
        // An empty part is skipped: zlib takes a null pointer as asking for the initial value.
        for part in [typeBytes] + parts where !part.isEmpty {
            append(part)
            crc = part.withUnsafeBytes { crc32(crc, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count)) }
        }
        appendBigEndian(UInt32(truncatingIfNeeded: crc))
    }
}
