import FlipbookVideo
import Foundation

/// What a finished ``render(_:to:options:workers:cancellation:progress:)-(_,URL,_,_,_,_)`` did and where its time went.
///
/// Stage times are summed over threads: with four workers, ``drawTime`` can exceed ``wallTime``.
/// ``encoderWaitTime`` is the time the encoding thread sat idle waiting for the next frame, which is
/// what parallel drawing tries to drive to zero.
public struct RenderReport: Sendable, CustomStringConvertible {
    /// The file written.
    public var url: URL
    /// Frames in the clip.
    public var frameCount: Int
    /// The clip's length in seconds (`frameCount / fps`).
    public var duration: TimeInterval
    /// Seconds from start to the finished file, including writing the MP4 index.
    public var wallTime: TimeInterval
    /// Frames rendered per second of wall time, end to end.
    public var framesPerSecond: Double
    /// Drawing workers used.
    public var workers: Int
    /// The encoder's threads (x264's frame threads): ``VideoOptions/automaticEncoderThreads`` (0)
    /// when the encoder chose them from the machine's cores.
    public var encoderThreads: Int
    /// Seconds spent drawing frames, summed over workers.
    public var drawTime: TimeInterval
    /// Seconds spent converting frames to YUV, summed over workers.
    public var convertTime: TimeInterval
    /// Seconds the encoding thread spent in the encoder and muxer (including the final flush).
    public var encodeTime: TimeInterval
    /// Seconds the encoding thread waited for workers to deliver the next frame.
    public var encoderWaitTime: TimeInterval
    /// The process's peak resident memory in bytes when the render ended (Linux `VmHWM`); `nil`
    /// where the system does not report it.
    public var peakMemoryBytes: Int?
    /// What was written (container, codec, pixel format, alpha); `nil` in reports made by hand.
    public var format: OutputFormat?
    /// The picture's width in pixels (0 when unknown).
    public var pixelWidth = 0
    /// The picture's height in pixels (0 when unknown).
    public var pixelHeight = 0
    /// The timeline's frames that were rendered; `nil` when unknown.
    public var frames: ClosedRange<Int>?
    /// How the clip was encoded in segments (``SegmentLayout``): the cuts, how many ran at once and
    /// each one's figures; `nil` when it was one encode.
    public var segments: SegmentReport?
    /// How the frame rate was written when the format stores it in its own units (GIF's delays are
    /// in 1/100 s); `nil` for other formats.
    public var timingNote: String?
    /// Set when the stream went over its bit-rate cap (an asked ``VideoOptions/level``'s, or
    /// ``VideoOptions/maxBitrate``) encoded at full speed and was drawn and encoded again with the
    /// encoder's rate buffer holding it, on one thread (so that the bytes stay reproducible); says
    /// where it went over. `nil` when one pass sufficed.
    public var rateCapNote: String?
    /// The H.264 level the clip signals ("5.1"); `nil` for other codecs.
    public var level: String?
    /// Which level the clip signals and why: "level 5.1: a one-second peak of 74.8 Mb/s is over
    /// 4.2's 62.5 Mb/s", or "level 4.2: x264's choice, the stream fits it"; `nil` for other codecs.
    public var levelNote: String?
    /// What was done with the timeline's sound: its codec, bit rate and loudness, or why it was
    /// left out (a format without audio, `--no-audio`); `nil` for a silent timeline.
    public var audioNote: String?
    /// Seconds spent mixing, limiting and normalising the sound (its encoding is in ``encodeTime``).
    public var audioMixTime: TimeInterval = 0

    /// A report with the given figures.
    public init(
        url: URL, frameCount: Int, duration: TimeInterval, wallTime: TimeInterval, framesPerSecond: Double,
        workers: Int, encoderThreads: Int, drawTime: TimeInterval, convertTime: TimeInterval,
        encodeTime: TimeInterval, encoderWaitTime: TimeInterval, peakMemoryBytes: Int?
    ) {
        self.url = url
        self.frameCount = frameCount
        self.duration = duration
        self.wallTime = wallTime
        self.framesPerSecond = framesPerSecond
        self.workers = workers
        self.encoderThreads = encoderThreads
        self.drawTime = drawTime
        self.convertTime = convertTime
        self.encodeTime = encodeTime
        self.encoderWaitTime = encoderWaitTime
        self.peakMemoryBytes = peakMemoryBytes
    }

    public var description: String {
        func ms(_ total: TimeInterval) -> String {
            String(format: "%.2f ms/frame", total * 1000 / Double(max(frameCount, 1)))
        }
        let memory = peakMemoryBytes.map { String(format: "%.1f MB", Double($0) / 1_048_576) } ?? "n/a"
        return String(format: "%d frames in %.2f s (%.1f fps), ", frameCount, wallTime, framesPerSecond)
            + "\(workers) workers, \(encoderThreads == VideoOptions.automaticEncoderThreads ? "automatic" : String(encoderThreads)) x264 threads; draw \(ms(drawTime)), convert \(ms(convertTime)), "
            + "encode \(ms(encodeTime)), encoder waiting \(ms(encoderWaitTime)); peak memory \(memory)"
    }
}

extension RenderReport {
    /// Puts `note` (the GIF rate's) before the encoder's own timing note.
    mutating func addTimingNote(_ note: String?) {
        guard let note else { return }
        timingNote = [note, timingNote].compactMap { $0 }.joined(separator: " ")
    }
}
