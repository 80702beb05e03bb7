import CZlib
import Foundation

/// A Telegram sticker (`.tgs`): a Lottie JSON compressed with gzip, told by its signature (`1F 8B`).
///
/// It is inflated a piece at a time and refused as soon as it passes the size a `.json` may have
/// (``LottieLimits/maximumFileSize``), so a small file that inflates to gigabytes costs no more memory
/// than the largest JSON Flipbook reads.
enum LottieSticker {
    /// Whether `data` starts with gzip's signature.
    static func isSticker(_ data: Data) -> Bool {
        data.starts(with: [0x1F, 0x8B])
    }

    /// The JSON inside the gzip `data`, at most `limit` bytes; `source` names the file in messages.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) when it inflates past `limit` or is not gzip zlib can read.
    static func inflate(_ data: Data, source: String, limit: Int) throws -> Data {
        func refuse(_ why: String) -> FlipbookError {
            FlipbookError(.invalidInput, "\(source) is not a gzip-compressed Lottie file (.tgs) Flipbook can read: \(why).",
                          at: .init(file: source))
        }
        var stream = z_stream()
        // 16 + the largest window: a gzip header and trailer (its CRC-32 and length checked), not zlib's.
        let initStatus = inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initStatus == Z_OK else { throw refuse("zlib's inflateInit2 returned \(initStatus)") }
        defer { inflateEnd(&stream) }
        var output = Data()
        var piece = [UInt8](repeating: 0, count: 64 << 10)
        var input = [UInt8](data)
        let status: Int32 = try input.withUnsafeMutableBufferPointer { inBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = uInt(inBuffer.count)
            while true {
                let (status, produced) = piece.withUnsafeMutableBufferPointer { outBuffer in
                    stream.next_out = outBuffer.baseAddress
                    stream.avail_out = uInt(outBuffer.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, outBuffer.count - Int(stream.avail_out))
                }
                guard output.count + produced <= limit else {
                    throw FlipbookError(invalid: source, "must inflate to at most \(limit) bytes (LottieLimits.maximumFileSize); "
                                            + "it inflates past that.", at: .init(file: source))
                }
                output.append(contentsOf: piece[0..<produced])
                // Z_BUF_ERROR with input left means no progress; with none left, the stream ended early.
                guard status == Z_OK, stream.avail_in > 0 || produced == piece.count else { return status }
            }
        }
        guard status == Z_STREAM_END else {
            let message = stream.msg.map { String(cString: $0) }
                ?? (status == Z_OK || status == Z_BUF_ERROR ? "its compressed data ends early" : "zlib status \(status)")
            throw refuse(message)
        }
        return output
    }
}
