import CCairo
import CJPEG
import Foundation

/// Decodes JPEG files with libjpeg(-turbo), straight into a bitmap's pixels.
enum JPEGDecoder {
    static func decode(_ data: Data, path: String) throws -> SurfaceStorage {
        var message = [CChar](repeating: 0, count: 256)
        var width: Int32 = 0, height: Int32 = 0
        func damaged() -> FlipbookError {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return FlipbookError.invalidInput("\(path) is a damaged JPEG image: \(reason).")
        }
        let header = data.withUnsafeBytes { raw in
            flipbook_jpeg_decode(raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count), nil, 0,
                                 &width, &height, &message, message.count)
        }
        guard header == 0 else { throw damaged() }
        let storage = try SurfaceStorage(width: Int(width), height: Int(height))
        cairo_surface_flush(storage.surface)
        let status = data.withUnsafeBytes { raw in
            flipbook_jpeg_decode(raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count),
                                 storage.pixels.assumingMemoryBound(to: UInt8.self), storage.stride,
                                 &width, &height, &message, message.count)
        }
        cairo_surface_mark_dirty(storage.surface)
        guard status == 0 else { throw damaged() }
        return storage
    }
}
