import CWebP
import FlipbookCore
import Foundation

/// An animated WebP's frames, composed by libwebp's animation decoder (each frame blended over the
/// last and disposed of as browsers do) into premultiplied BGRA, decoded once.
public struct WebPAnimation: Sendable {
    /// The most bytes of decoded frames an animation may take (they are all kept).
    public static let maximumBytes = 512 << 20

    /// The canvas in pixels.
    public let width: Int
    public let height: Int
    /// How many times the file says to play it; `nil` is forever.
    public let plays: Int?
    /// Each frame and the millisecond its showing ends, in order.
    let frames: [(end: Int, bitmap: Bitmap)]

    /// Decodes every frame of `data`, an animated WebP read from `path`.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) naming `path` when libwebp cannot read it or its
    ///   frames would take more than ``maximumBytes``.
    public init(data: Data, path: String) throws {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw FlipbookError.invalidInput("\(path): this libwebp cannot decode animations.")
        }
        options.color_mode = MODE_bgrA
        options.use_threads = 0
        var decoded: [(end: Int, bitmap: Bitmap)] = []
        var size = (0, 0), loops = 0
        try data.withUnsafeBytes { raw in
            var input = WebPData(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count)
            guard let decoder = WebPAnimDecoderNew(&input, &options) else {
                throw FlipbookError.invalidInput("\(path) is a damaged animated WebP image: libwebp could not read it.")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
                throw FlipbookError.invalidInput("\(path) is a damaged animated WebP image.")
            }
            let (w, h, count) = (Int(info.canvas_width), Int(info.canvas_height), Int(info.frame_count))
            let bytes = w.multipliedReportingOverflow(by: h * 4).partialValue.multipliedReportingOverflow(by: max(1, count))
            guard w > 0, h > 0, !bytes.overflow, bytes.partialValue <= Self.maximumBytes else {
                throw FlipbookError.invalidInput("\(path) is an animated WebP of \(count) frames of \(w)×\(h) pixels; "
                    + "its frames may take at most \(Self.maximumBytes >> 20) MiB.")
            }
            size = (w, h)
            loops = Int(info.loop_count)
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var buffer: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
                    throw FlipbookError.invalidInput("\(path) is a damaged animated WebP image: frame \(decoded.count) does not decode.")
                }
                var bitmap = try Bitmap(width: w, height: h)
                // libwebp's canvas rows are packed; hand them to the bitmap's rows.
                try bitmap.withUnsafeMutableBytes { pixels, stride in
                    guard let base = pixels.baseAddress else { return }
                    for row in 0..<h { (base + row * stride).copyMemory(from: buffer + row * w * 4, byteCount: w * 4) }
                }
                decoded.append((end: Int(timestamp), bitmap: bitmap))
            }
        }
        guard !decoded.isEmpty else { throw FlipbookError.invalidInput("\(path) is an animated WebP image without frames.") }
        width = size.0
        height = size.1
        plays = loops == 0 ? nil : loops
        frames = decoded
    }

    /// Whether `data` is a WebP with the animation flag set (its frames are read by this type, not
    /// by the still decoder).
    public static func isAnimated(_ data: Data) -> Bool {
        var features = WebPBitstreamFeatures()
        let status = data.withUnsafeBytes { raw in
            WebPGetFeatures(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &features)
        }
        return status == VP8_STATUS_OK && features.has_animation != 0
    }

    /// The animation's length: the end of its last frame.
    package var length: ExactTime { ExactTime(Int64(frames.last?.end ?? 0), 1000) ?? ExactTime(seconds: 0) }

    /// The frame shown at `time` (0 ≤ time): the first whose showing ends after it; the last after the end.
    package func frame(at time: ExactTime) -> Bitmap {
        frames.first { time < ExactTime(Int64($0.end), 1000) ?? time }?.bitmap ?? frames[frames.count - 1].bitmap
    }
}
