import FlipbookAudio
import FlipbookDrawing
import Foundation

/// A video file in its own box, frame-exact, with its sound: trimmed, sped up or down, looped,
/// fitted to the box as ``ImageScene`` fits a picture, turned upright by its display matrix.
///
/// At layer time `t` it shows the source frame whose presentation interval holds the source time
/// `trimIn + speed × t`, computed in exact fractions from the stream's time base (``VideoSource``);
/// after the trimmed part ends its last frame holds, unless ``loop``. Its sound, when the file has
/// one and the layer is not ``muted``, joins the timeline's mix: the same trim and speed, at
/// ``volume`` dB with ``fadeIn`` and ``fadeOut``.
///
/// ```swift
/// let clip = try VideoScene(contentsOf: URL(fileURLWithPath: "talk.mp4"), fit: .cover, trimIn: 2, trimOut: 8)
/// let timeline = try Timeline(size: CGSize(width: 1080, height: 1920), duration: 6, layers: [Timeline.Layer(clip)])
/// ```
public struct VideoScene: BoxedScene {
    /// The slowest and fastest speed.
    public static let speedLimits = ParameterLimits.above(0, atMost: 100)

    /// The frames.
    public var source: VideoSource
    /// The box; `nil` is the picture's natural size (as shown: turned and with square pixels).
    public var size: Keyframed<CGSize>?
    /// How the picture fills the box. Default ``ImageScene/Fit/contain``.
    public var fit: ImageScene.Fit
    /// Where in the file playing starts, in seconds.
    public var trimIn: TimeInterval
    /// Where in the file playing stops, in seconds; `nil` is the file's end.
    public var trimOut: TimeInterval?
    /// Whether the trimmed part repeats until the layer ends.
    public var loop: Bool
    /// Seconds of source played per second of the layer.
    public var speed: Double
    /// The sound's volume in dB, in the layer's clock.
    public var volume: Keyframed<Double>
    /// Seconds over which the sound rises from silence at its start.
    public var fadeIn: TimeInterval
    /// Seconds over which it falls to silence at its end.
    public var fadeOut: TimeInterval
    /// Whether the file's sound is left out.
    public var muted: Bool
    /// How an HDR file (PQ or HLG) is brought down to SDR; `nil` refuses HDR. SDR files ignore it.
    public let toneMap: ToneMap?
    /// The file's sound, decoded when the scene is made; `nil` when it has none or is muted.
    public var sound: AudioSamples?

    /// Plays the video file at `url`, its sound decoded now.
    ///
    /// - Throws: ``FlipbookError`` naming the file (missing, not a video Flipbook reads, HDR without
    ///   `toneMap`, too large), and for a value out of range: a speed of 0 or below, a trim outside the file.
    public init(contentsOf url: URL, size: Keyframed<CGSize>? = nil, fit: ImageScene.Fit = .contain, trimIn: TimeInterval = 0,
                trimOut: TimeInterval? = nil, loop: Bool = false, speed: Double = 1, volume: Keyframed<Double> = Keyframed(0),
                fadeIn: TimeInterval = 0, fadeOut: TimeInterval = 0, muted: Bool = false, toneMap: ToneMap? = nil) throws {
        try self.init(contentsOf: url, size: size, fit: fit, trimIn: trimIn, trimOut: trimOut, loop: loop, speed: speed,
                      volume: volume, fadeIn: fadeIn, fadeOut: fadeOut, muted: muted, toneMap: toneMap, keyPath: "")
    }

    /// As the public initializer, naming `keyPath.src` in a file's errors and `keyPath` in the others.
    package init(contentsOf url: URL, size: Keyframed<CGSize>?, fit: ImageScene.Fit, trimIn: TimeInterval, trimOut: TimeInterval?,
                 loop: Bool, speed: Double, volume: Keyframed<Double>, fadeIn: TimeInterval, fadeOut: TimeInterval, muted: Bool,
                 toneMap: ToneMap? = nil, keyPath: String, sources: VideoSources? = nil) throws {
        let srcPath = keyPath.isEmpty ? "" : joinKeyPath(keyPath, "src")
        source = try sources?.source(url, keyPath: srcPath, toneMap: toneMap)
            ?? VideoSource(contentsOf: url, keyPath: srcPath, toneMap: toneMap)
        self.toneMap = toneMap
        self.size = size
        self.fit = fit
        self.trimIn = trimIn
        self.trimOut = trimOut
        self.loop = loop
        self.speed = speed
        self.volume = volume
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
        self.muted = muted
        try validateTiming(keyPath: keyPath)
        if !muted, source.hasAudio {
            sound = try AudioFile.decode(contentsOf: url, keyPath: srcPath,
                                         besideVideo: (VideoFile.formatWhitelist, VideoFile.codecWhitelist))
        }
    }

    public func boxSize(canvas: CGSize, time: TimeInterval) -> CGSize {
        size?.value(at: time) ?? source.displaySize
    }

    /// The trimmed part's length in seconds of source; `nil` when the file does not state its length.
    var trimmedLength: TimeInterval? {
        guard let end = trimOut ?? source.duration else { return nil }
        return max(0, end - trimIn)
    }

    /// Draws the frame of `time` in the box `size`, turned upright; a frame that fails to decode is
    /// recorded on the canvas (the render stops with it) and nothing is drawn.
    public func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        let display = source.displaySize
        let (rect, clips) = fit.place(display, in: size)
        guard rect.width > 0, rect.height > 0 else { return }
        let bitmap: Bitmap
        do {
            bitmap = try frame(at: time)
        } catch {
            context.recordFailure(error as? FlipbookError ?? .internal("\(error)"))
            return
        }
        var context = context
        if clips { context.clip(to: Path(CGRect(origin: .zero, size: size))) }
        let turns = source.quarterTurns
        if turns == 0 {
            context.draw(bitmap, in: rect)
            return
        }
        context.translateBy(x: rect.midX, y: rect.midY)
        context.rotate(by: .degrees(Double(turns) * 90))
        let (w, h) = turns % 2 == 1 ? (rect.height, rect.width) : (rect.width, rect.height)
        context.draw(bitmap, in: CGRect(x: -w / 2, y: -h / 2, width: w, height: h))
    }

    /// The decoded frame shown at layer time `time`.
    ///
    /// - Throws: ``FlipbookError`` (a decoding failure) naming the file and the source time.
    public func frame(at time: TimeInterval) throws -> Bitmap {
        let (sourceTime, isEnd) = try sourceTime(at: time)
        return try source.frame(at: sourceTime, justBefore: isEnd)
    }
}
