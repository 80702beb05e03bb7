import FlipbookDrawing
import Foundation

/// An animated GIF or APNG as an image layer's picture: its frames decoded by libavcodec's GIF and
/// APNG decoders (which compose each frame over the last with its disposal and blending, as browsers
/// do), shown at the layer's time by the same exact interval rule as a video layer.
public struct AnimatedPicture: Sendable {
    /// The frames.
    public var source: VideoSource
    /// How many times the file says to play it; `nil` is forever.
    public var plays: Int?

    /// Opens the animation at `url`, whose bytes say it plays `plays` times.
    public init(contentsOf url: URL, plays: Int?) throws {
        source = try VideoSource(contentsOf: url)
        self.plays = plays
    }

    /// The frame at layer time `time`: played `loop ?? plays` times (`true` forever, `false` once),
    /// then its last frame holds.
    func frame(at time: TimeInterval, loop: Bool?) throws -> Bitmap {
        guard let t = ExactTime(approximating: max(0, time)) else {
            throw FlipbookError(.codec, "The animation \(source.url.path) has no frame at \(time) s.")
        }
        guard let length = source.length, length.numerator > 0 else { return try source.frame(at: t) }
        let times: Int? = loop.map { $0 ? nil : 1 } ?? plays
        if let times, let end = length.multiplied(by: ExactTime(seconds: Int64(times))), !(t < end) {
            return try source.frame(at: length, justBefore: true)
        }
        return try source.frame(at: t.remainder(dividingBy: length) ?? t)
    }
}
