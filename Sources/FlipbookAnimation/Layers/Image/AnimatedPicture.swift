import FlipbookDrawing
import Foundation

/// An animated GIF, APNG or WebP as an image layer's picture. GIF and APNG frames are decoded by
/// libavcodec's decoders and WebP's by libwebp's animation decoder, each composing a frame over the
/// last with its disposal and blending as browsers do; the frame shown at a time is the one whose
/// interval holds it, in exact fractions.
public struct AnimatedPicture: Sendable {
    /// Where the frames come from.
    enum Frames: Sendable {
        case video(VideoSource)
        case webp(WebPAnimation)
    }

    let frames: Frames
    /// How many times the file says to play it; `nil` is forever.
    public var plays: Int?

    /// Opens the GIF or APNG at `url`, whose bytes say it plays `plays` times.
    public init(contentsOf url: URL, plays: Int?) throws {
        frames = .video(try VideoSource(contentsOf: url))
        self.plays = plays
    }

    /// An animated WebP, decoded.
    public init(_ webp: WebPAnimation) {
        frames = .webp(webp)
        plays = webp.plays
    }

    /// The picture's size in pixels.
    public var size: CGSize {
        switch frames {
        case .video(let source): source.displaySize
        case .webp(let webp): CGSize(width: webp.width, height: webp.height)
        }
    }

    private var length: ExactTime? {
        switch frames {
        case .video(let source): source.length
        case .webp(let webp): webp.length
        }
    }

    private func frame(at time: ExactTime, justBefore: Bool) throws -> Bitmap {
        switch frames {
        case .video(let source): return try source.frame(at: time, justBefore: justBefore)
        case .webp(let webp):
            guard justBefore, let before = time.subtracting(ExactTime(1, 1_000_000) ?? time) else { return webp.frame(at: time) }
            return webp.frame(at: before)
        }
    }

    /// The frame at layer time `time`: played `loop ?? plays` times (`true` forever, `false` once),
    /// then its last frame holds.
    package func frame(at time: TimeInterval, loop: Bool?) throws -> Bitmap {
        guard let t = ExactTime(approximating: max(0, time)) else {
            throw FlipbookError(.codec, "The animation has no frame at \(time) s.")
        }
        guard let length, length.numerator > 0 else { return try frame(at: t, justBefore: false) }
        let times: Int? = loop.map { $0 ? nil : 1 } ?? plays
        if let times, let end = length.multiplied(by: ExactTime(seconds: Int64(times))), !(t < end) {
            return try frame(at: length, justBefore: true)
        }
        return try frame(at: t.remainder(dividingBy: length) ?? t, justBefore: false)
    }
}
