import FlipbookAudio
import FlipbookDrawing
import Foundation

/// A layer that plays sound and draws nothing: a music or effects file, trimmed, looped, at a
/// volume in decibels that may follow keyframes, faded in and out.
///
/// The file is decoded once, when the scene is made (``AudioFile``), so a missing or damaged file is
/// an error before any frame is drawn. The layer's ``Timeline/Layer/start`` is when the sound starts
/// (its first sample lands on frame `round(start × 48000)` of the mix) and its
/// ``Timeline/Layer/end`` (or the timeline's end) where it stops.
///
/// ```swift
/// let music = try AudioScene(contentsOf: URL(fileURLWithPath: "loop.wav"), volume: Keyframed(-6), fadeOut: 1, loop: true)
/// let timeline = try Timeline(size: CGSize(width: 640, height: 360), duration: 8, layers: [Timeline.Layer(music)])
/// ```
public struct AudioScene: Scene {
    /// The quietest and loudest volume, in dB.
    public static let volumeLimits = ParameterLimits.between(-100, 24)

    /// The decoded sound.
    public var samples: AudioSamples
    /// The file it came from, for messages; `nil` for samples given directly.
    public var source: URL?
    /// The volume in dB (0 plays the file as it is, −6 at half amplitude), in the layer's clock.
    public var volume: Keyframed<Double>
    /// Seconds over which the sound rises from silence at its start.
    public var fadeIn: TimeInterval
    /// Seconds over which it falls to silence at its end (the layer's, the timeline's or the trimmed file's).
    public var fadeOut: TimeInterval
    /// Where in the file playing starts, in seconds.
    public var trimIn: TimeInterval
    /// Where in the file playing stops, in seconds; `nil` is the file's end.
    public var trimOut: TimeInterval?
    /// Whether the trimmed part repeats until the layer ends.
    public var loop: Bool

    /// Plays `samples` (already 48 kHz stereo).
    public init(samples: AudioSamples, volume: Keyframed<Double> = Keyframed(0), fadeIn: TimeInterval = 0,
                fadeOut: TimeInterval = 0, trimIn: TimeInterval = 0, trimOut: TimeInterval? = nil, loop: Bool = false) {
        self.samples = samples
        self.volume = volume
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
        self.trimIn = trimIn
        self.trimOut = trimOut
        self.loop = loop
    }

    /// Plays the audio file at `url` (WAV, FLAC, MP3, AAC/M4A, Ogg Opus or Vorbis), decoded now.
    ///
    /// - Throws: ``FlipbookError`` from ``AudioFile/decode(contentsOf:keyPath:)`` naming the file and the
    ///   decoder's reason, and for a value out of range (``validate(keyPath:)``).
    public init(contentsOf url: URL, volume: Keyframed<Double> = Keyframed(0), fadeIn: TimeInterval = 0,
                fadeOut: TimeInterval = 0, trimIn: TimeInterval = 0, trimOut: TimeInterval? = nil, loop: Bool = false) throws {
        try self.init(contentsOf: url, volume: volume, fadeIn: fadeIn, fadeOut: fadeOut, trimIn: trimIn, trimOut: trimOut,
                      loop: loop, keyPath: "")
    }

    /// As the public initializer, naming `keyPath.src` in a file's errors and `keyPath` in the others.
    package init(contentsOf url: URL, volume: Keyframed<Double>, fadeIn: TimeInterval, fadeOut: TimeInterval, trimIn: TimeInterval,
         trimOut: TimeInterval?, loop: Bool, keyPath: String) throws {
        let samples = try AudioFile.decode(contentsOf: url, keyPath: keyPath.isEmpty ? "" : joinKeyPath(keyPath, "src"))
        self.init(samples: samples, volume: volume, fadeIn: fadeIn, fadeOut: fadeOut, trimIn: trimIn, trimOut: trimOut, loop: loop)
        source = url
        try validate(keyPath: keyPath)
    }

    /// Draws nothing: an audio layer is heard, not seen.
    public func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {}

    /// Checks the volume (finite, within ``volumeLimits``), the fades and the trim (inside the file).
    public func validate(keyPath: String) throws {
        let volumePath = joinKeyPath(keyPath, "volume")
        try volume.validate(keyPath: volumePath)
        for key in volume.keys where !Self.volumeLimits.contains(key.value) {
            throw FlipbookError.mustBe(volumePath, Self.volumeLimits.description + " dB", itIs: formatNumber(key.value))
        }
        for (name, value) in [("fadeIn", fadeIn), ("fadeOut", fadeOut)] where !ParameterLimits.within(Timeline.maximumDuration).contains(value) {
            throw FlipbookError.mustBe(joinKeyPath(keyPath, name),
                                       ParameterLimits.within(Timeline.maximumDuration).description + " seconds", itIs: formatNumber(value))
        }
        let length = samples.duration
        let trimPath = joinKeyPath(keyPath, "trim")
        let inside = "inside the file, which lasts \(formatNumber(length)) s, with the out point after the in point"
        guard trimIn.isFinite, trimIn >= 0, trimIn < length else {
            throw FlipbookError.mustBe(trimPath, inside, itIs: describeTrim())
        }
        if let trimOut {
            guard trimOut.isFinite, trimOut > trimIn, trimOut <= length + 1e-9 else {
                throw FlipbookError.mustBe(trimPath, inside, itIs: describeTrim())
            }
        }
    }

    private func describeTrim() -> String {
        "[\(formatNumber(trimIn)), \(trimOut.map(formatNumber) ?? "end")]"
    }

    /// The frames of ``samples`` that play.
    var playedFrames: Range<Int> {
        let lower = AudioSamples.frame(at: trimIn)
        let upper = trimOut.map(AudioSamples.frame(at:)) ?? samples.frameCount
        return lower..<max(lower, min(upper, samples.frameCount))
    }
}
