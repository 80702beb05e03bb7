import Foundation

/// A Lottie animation (Bodymovin JSON, a `.lottie` container or a `.tgs` sticker), checked by Flipbook and
/// drawn by rlottie as lottie-web draws it.
///
/// Read it once and draw any frame from any thread with the context's ``CairoCanvas/draw(_:in:at:)``.
/// Before rlottie sees the file, Flipbook reads the JSON itself and refuses one past its
/// ``LottieLimits`` with the JSON pointer of the value; what rlottie does not draw is listed in
/// ``warnings``.
///
/// rlottie draws whole frames: a time maps to the Lottie frame `floor(time × frameRate)`, so a 30 fps
/// animation on a 60 fps timeline shows each of its frames twice. Nothing is interpolated between frames.
/// Files from every exporter read as lottie-web reads them: 0–255 colours before Bodymovin 4.1.9, any
/// positive frame rate, `floor(op − ip)` frames from `round(ip)`, data and sound assets (which rlottie
/// ignores, as ``warnings``).
public struct LottieAnimation: Sendable {
    /// The extension of a `.lottie` container (dotLottie), told from a Bodymovin `.json` by its name.
    public static let containerExtension = "lottie"
    /// The extension of a Telegram sticker (gzip-compressed Bodymovin JSON), told apart by its signature.
    public static let stickerExtension = "tgs"

    /// A named span of frames (the file's `markers`).
    public struct Marker: Sendable, Equatable {
        /// The marker's name (`cm`).
        public var name: String
        /// Its first frame, counted from the animation's first frame (`tm` − `ip`).
        public var startFrame: Double
        /// Its length in frames (`dr`).
        public var durationFrames: Double

        /// A marker.
        public init(name: String, startFrame: Double, durationFrames: Double) {
            self.name = name
            self.startFrame = startFrame
            self.durationFrames = durationFrames
        }
    }

    /// The animation's size in points (`w` × `h`).
    public let size: CGSize
    /// Frames per second: the rate the file's `fr` stands for. A decimal that names a rate Flipbook
    /// renders at is that rate (After Effects writes 29.97 fps as 29.9700012207031, which is 30000/1001,
    /// and 30.0001 is 30); any other positive rate (60.0333709716797) is `fr` itself.
    public let frameRate: Double
    /// The number of frames, from the in point to the out point (`op` − `ip`, rounded down, as
    /// lottie-web counts them; the first is frame `ip` rounded).
    public let frameCount: Int
    /// The markers, in the file's order.
    public let markers: [Marker]
    /// The parts rlottie does not draw, with their JSON pointers.
    public let warnings: [LottieWarning]
    /// Where the animation came from, for messages.
    public let source: String

    let player: LottiePlayer

    /// The length in seconds: ``frameCount`` ÷ ``frameRate``.
    public var duration: TimeInterval { Double(frameCount) / frameRate }

    /// The frame shown at `time` seconds from the first frame: `floor(time × frameRate)`, clamped to
    /// `0 ..< frameCount` (a time a billionth of a frame short of a frame's start counts as that frame,
    /// so `n / fps` on another frame rate lands where exact arithmetic would).
    public func frame(at time: TimeInterval) -> Int {
        guard time.isFinite, time > 0 else { return 0 }
        let position = (time * frameRate + 1e-9).rounded(.down)
        guard position < Double(frameCount) else { return frameCount - 1 }
        return Int(position)
    }

    /// The marker named `name`, or `nil`.
    public func marker(named name: String) -> Marker? {
        markers.first { $0.name == name }
    }
}
