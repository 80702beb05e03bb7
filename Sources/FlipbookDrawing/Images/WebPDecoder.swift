import CCairo
import CWebP
import Foundation

/// Decodes still WebP files with libwebp into a bitmap's pixels (premultiplied here, since libwebp
/// gives straight alpha).
enum WebPDecoder {
    static func decode(_ data: Data, path: String) throws -> SurfaceStorage {
        var features = WebPBitstreamFeatures()
        let status = data.withUnsafeBytes { raw in
            WebPGetFeatures(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &features)
        }
        guard status == VP8_STATUS_OK else {
            throw FlipbookError.invalidInput("\(path) is a damaged WebP image: \(reason(status)).")
        }
        guard features.has_animation == 0 else {
            throw FlipbookError.invalidInput(
                "\(path) is an animated WebP image; Flipbook draws still \(ImageFileFormat.drawable).")
        }
        let storage = try SurfaceStorage(width: Int(features.width), height: Int(features.height))
        cairo_surface_flush(storage.surface)
        defer { cairo_surface_mark_dirty(storage.surface) }
        let decoded = data.withUnsafeBytes { raw in
            WebPDecodeBGRAInto(raw.bindMemory(to: UInt8.self).baseAddress, raw.count,
                               storage.pixels.assumingMemoryBound(to: UInt8.self), storage.byteCount,
                               Int32(storage.stride))
        }
        guard decoded != nil else {
            throw FlipbookError.invalidInput("\(path) is a damaged WebP image: libwebp could not decode it.")
        }
        premultiply(storage)
        return storage
    }

    /// BGRA bytes with straight alpha → Cairo's native-endian premultiplied ARGB32 words.
    private static func premultiply(_ storage: SurfaceStorage) {
        for y in 0..<storage.height {
            let row = storage.pixels + y * storage.stride
            let bytes = row.assumingMemoryBound(to: UInt8.self)
            let words = row.assumingMemoryBound(to: UInt32.self)
            for x in 0..<storage.width {
                let b = UInt32(bytes[4 * x]), g = UInt32(bytes[4 * x + 1]), r = UInt32(bytes[4 * x + 2])
                let a = UInt32(bytes[4 * x + 3])
                func pre(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
                words[x] = a << 24 | pre(r) << 16 | pre(g) << 8 | pre(b)
            }
        }
    }

    private static func reason(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA: return "the file ends early"
        case VP8_STATUS_BITSTREAM_ERROR: return "the bitstream is invalid"
        case VP8_STATUS_UNSUPPORTED_FEATURE: return "it uses a feature libwebp cannot decode"
        case VP8_STATUS_OUT_OF_MEMORY: return "out of memory"
        default: return "libwebp status \(status.rawValue)"
        }
    }
}
