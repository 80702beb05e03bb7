import CDeflate
import FlipbookCore
import Foundation

/// libdeflate's compression levels for the PNGs Flipbook writes.
package enum PNGCompression {
    /// 0 stores, 1 is fastest, 12 smallest (libdeflate's levels).
    package static let range = 0...12
    /// The level PNGs are written at unless asked otherwise: on the 3840×2160 storm still (B4)
    /// levels 1–4 made files 4–5 % larger than zlib's run-length level 2 did, level 5 2.4 %
    /// (Benchmarks/end-to-end.md).
    package static let defaultLevel = 5
}

/// A PNG file of straight (un-premultiplied) RGBA samples, `rowBytes` bytes a row: 8-bit RGB when
/// every alpha is 255, else 8-bit RGBA, at libdeflate's `level`; for image sequences, whose frames
/// arrive converted.
///
/// - Throws: ``FlipbookError`` when the level is out of range, the samples are too few or libdeflate fails.
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
    let rows = filteredPNGRows(width: width, height: height, channels: channels) { y, row in
        for x in 0..<width {
            for c in 0..<channels { row[x * channels + c] = samples[y * rowBytes + 4 * x + c] }
        }
    }
    return try assemblePNG(rows, width: width, height: height, opaque: opaque, level: level)
}

extension FramePixels {
    /// The picture as a PNG file: 8-bit RGB when every pixel is opaque, else 8-bit RGBA, its IDAT a
    /// zlib stream from libdeflate at `level` (``PNGCompression/range``).
    ///
    /// - Throws: ``FlipbookError`` when libdeflate cannot be set up or the level is out of range.
    package func pngFile(level: Int) throws -> Data {
        let opaque = isOpaque
        return try assemblePNG(pngRows(channels: opaque ? 3 : 4), width: width, height: height, opaque: opaque, level: level)
    }
}

/// Signature, IHDR, one IDAT of the filtered `rows` compressed by libdeflate at `level`, IEND.
private func assemblePNG(_ rows: [UInt8], width: Int, height: Int, opaque: Bool, level: Int) throws -> Data {
    guard PNGCompression.range.contains(level) else {
        throw FlipbookError.mustBe("pngCompression", PNGCompression.range.requirementText, itIs: String(level))
    }
    guard let width = UInt32(exactly: width), let height = UInt32(exactly: height) else {
        throw FlipbookError.invalidInput("A \(width)×\(height) picture is too large for a PNG.")
    }
    var png = Data(pngSignature)
    var header = Data()
    header.appendBigEndian(width)
    header.appendBigEndian(height)
    // Bit depth 8; colour type 2 (RGB) or 6 (RGBA); deflate; adaptive filtering; no interlace.
    header.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0])
    let idat = try zlibCompress(rows, level: Int32(level), width: width, height: height)
    // A chunk's length is 31 bits.
    guard idat.count <= Int(Int32.max) else {
        throw FlipbookError.invalidInput("A \(width)×\(height) picture does not fit one PNG image-data chunk.")
    }
    png.appendPNGChunk("IHDR", header)
    png.appendPNGChunk("IDAT", idat)
    png.appendPNGChunk("IEND", Data())
    return png
}

private func zlibCompress(_ input: [UInt8], level: Int32, width: UInt32, height: UInt32) throws -> Data {
    guard let compressor = libdeflate_alloc_compressor(level) else {
        throw FlipbookError(.internal, "Encoding a \(width)×\(height) PNG failed: libdeflate could not allocate a compressor.")
    }
    defer { libdeflate_free_compressor(compressor) }
    let bound = libdeflate_zlib_compress_bound(compressor, input.count)
    var output = [UInt8](repeating: 0, count: bound)
    let written = input.withUnsafeBytes { source in
        output.withUnsafeMutableBytes { destination in
            libdeflate_zlib_compress(compressor, source.baseAddress, source.count, destination.baseAddress, destination.count)
        }
    }
    // 0 means the output did not fit, which the bound rules out.
    guard written > 0 else {
        throw FlipbookError(.internal, "Encoding a \(width)×\(height) PNG failed: libdeflate's output did not fit its own bound.")
    }
    return Data(output.prefix(written))
}

/// The eight bytes every PNG file starts with.
package let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

private extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }

    /// Appends a PNG chunk: length, type, data, and the CRC-32 of type and data.
    mutating func appendPNGChunk(_ type: String, _ body: Data) {
        appendBigEndian(UInt32(truncatingIfNeeded: body.count))
        let typeAndBody = Data(type.utf8) + body
        append(typeAndBody)
        let crc = typeAndBody.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        appendBigEndian(crc)
    }
}
