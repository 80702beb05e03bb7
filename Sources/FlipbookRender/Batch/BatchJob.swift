import FlipbookAnimation
import FlipbookDrawing
import FlipbookVideo
import Foundation

/// One render in a batch file. The output's extension decides what is made: `.png`, `.pdf` or
/// `.svg` a still at ``time``; `name-%05d.png` a PNG sequence; `.mp4`, `.m4v`, `.mov`, `.webm`,
/// `.mkv`, `.gif`, `.apng` or `.webp` a clip (or whatever ``format`` names).
///
/// ```json
/// {"jobs": [
///   {"scene": "confetti", "output": "out/confetti.mp4", "seed": 3, "fps": 29.97},
///   {"scene": "scenes/party.json", "output": "out/party.png", "time": 0.8}
/// ]}
/// ```
/// Every key but `scene` and `output` is optional. The keys are the command line's flags without
/// their dashes, and each value is checked by the same code, so `"crf": 60` in the third job reads
/// `jobs[2].crf must be …` where `--crf 60` reads `--crf must be …`.
public struct BatchJob: Sendable, Equatable {
    /// The job's name in progress lines and the summary; default `#<number> <output file name>`.
    public var name: String?
    /// The scene and the overrides of its timeline.
    public var request: SceneRequest
    /// The file to write, relative to the batch file's directory unless absolute.
    public var output: String
    /// For a still: the moment to draw, in seconds. Default 0.
    public var time: TimeInterval?
    /// For a clip: x264's constant rate factor.
    public var crf: Int?
    /// For a clip: x264's preset.
    public var preset: String?
    /// For a clip: the codec (default: the container's).
    public var codec: VideoCodec?
    /// For a clip: the container, for outputs whose extension does not say.
    public var format: VideoContainer?
    /// For a clip: the encoded pixel format.
    public var pixelFormat: PixelFormat?
    /// For a GIF, APNG or WebP: repeats after the first play (default: forever).
    public var loop: Int?
    /// For an H.264 clip: x264's lookahead in frames.
    public var lookahead: Int?
    /// For a clip: the most seconds between keyframes.
    public var keyframeInterval: TimeInterval?
    /// For an H.264 or HEVC clip: the bit rate cap in bits per second (`8000000` or `"8M"`).
    public var maxBitrate: Int?
    /// For a clip: the draft/standard/high shortcut.
    public var quality: RenderQuality?
    /// For a clip: only these frames (inclusive, zero-based), as a clip starting at time 0.
    public var frames: ClosedRange<Int>?

    /// The keys a job may have, in the order the documentation lists them.
    public static let keys = [
        "name", "scene", "output", "time", "size", "scale", "fps", "duration", "seed", "background", "crf", "preset",
        "codec", "format", "pixelFormat", "loop", "lookahead", "keyframeInterval", "maxBitrate", "quality",
        "frames",
    ]
    /// The output extensions for clips (and `name-%05d.png` for a PNG sequence).
    public static let clipExtensions = VideoContainer.allCases.filter { $0 != .pngSequence }
        .flatMap(\.capabilities.extensions)
    /// The output extensions for stills.
    public static let stillExtensions = ["png", "pdf", "svg"]

    /// A job writing `output` from `request`; `time` is for stills, `crf` and `preset` for clips.
    public init(name: String? = nil, request: SceneRequest, output: String, time: TimeInterval? = nil,
                crf: Int? = nil, preset: String? = nil) {
        self.name = name
        self.request = request
        self.output = output
        self.time = time
        self.crf = crf
        self.preset = preset
    }

    /// Whether the job makes a still: a `.png`, `.pdf` or `.svg` that is not a `%05d` sequence and
    /// no ``format`` says otherwise.
    public var isStill: Bool {
        let url = URL(fileURLWithPath: output)
        guard format == nil, Self.stillExtensions.contains(url.pathExtension.lowercased()) else { return false }
        return (try? VideoContainer(for: url)) != .pngSequence
    }

    /// The job's label: its name, or `#3 party.mp4`.
    public func label(index: Int) -> String {
        name ?? "#\(index + 1) \(URL(fileURLWithPath: output).lastPathComponent)"
    }

    /// The output file, relative paths resolved against `directory`.
    public func outputURL(relativeTo directory: URL?) -> URL {
        URL(fileURLWithPath: output, relativeTo: directory).standardizedFileURL
    }

    /// The encoder options this job asks for, checked by ``VideoOptions`` and ``OutputFormat`` as
    /// the command line's are (key paths `crf`, `preset`, `codec`, `pixelFormat`, `loop`, …):
    /// `"background": "transparent"` asks for alpha, ``quality`` sets the preset and CRF not given.
    public func videoOptions(for url: URL) throws -> VideoOptions {
        let defaults = VideoOptions()
        let options = try VideoOptions(
            codec: codec, container: format, crf: crf ?? defaults.crf, preset: preset ?? defaults.preset,
            pixelFormat: pixelFormat, alpha: request.background == .clear ? true : nil, loop: loop,
            keyframeInterval: keyframeInterval ?? defaults.keyframeInterval, lookahead: lookahead, maxBitrate: maxBitrate)
        let codec = try OutputFormat(url: url, options: options).codec
        return (quality ?? .standard).applied(to: options, codec: codec, presetGiven: preset != nil, crfGiven: crf != nil)
    }

    /// Everything this job needs, checked before anything is drawn: the timeline, the options,
    /// the output's kind, the still's time and the codec's size limit. Errors keep key paths
    /// relative to the job (`crf`), or name the scene file they came from.
    public func prepare(relativeTo directory: URL?) throws -> PreparedBatchJob {
        let url = outputURL(relativeTo: directory)
        let allowed = Self.clipExtensions + Self.stillExtensions
        guard format != nil || allowed.contains(url.pathExtension.lowercased()) else {
            throw FlipbookError(
                invalid: "The output",
                "must end in \(allowed.map { ".\($0)" }.joined(separator: ", ")) (or be a PNG sequence such as "
                    + "frame-%05d.png); it is \"\(output)\".",
                at: .init(keyPath: "output"))
        }
        var timeline = try request.makeTimeline(relativeTo: directory)
        if isStill {
            try checkStillTime(time ?? 0, in: timeline)
            return PreparedBatchJob(timeline: timeline, output: url, still: time ?? 0, options: nil)
        }
        timeline = (quality ?? .standard).applied(to: timeline)
        if let frames { try checkFrameRange(frames, in: timeline) }
        let options = try videoOptions(for: url)
        do {
            try OutputFormat(url: url, options: options).codec.checkFrameSize(width: timeline.pixelWidth, height: timeline.pixelHeight)
        } catch let error as FlipbookError {
            throw request.placed(error, relativeTo: directory)
        }
        var prepared = PreparedBatchJob(timeline: timeline, output: url, still: nil, options: options)
        prepared.frames = frames
        return prepared
    }
}

/// A batch job checked and ready to render.
public struct PreparedBatchJob: Sendable {
    /// What to draw.
    public var timeline: Timeline
    /// The file to write.
    public var output: URL
    /// For a still, the moment to draw; `nil` for a clip.
    public var still: TimeInterval?
    /// For a clip, how to encode it.
    public var options: VideoOptions?
    /// For a clip, the frames to render; `nil` for all.
    public var frames: ClosedRange<Int>?

    /// Renders the job; returns the number of frames written.
    public func run(
        workers: Int? = nil, cancellation: RenderCancellation? = nil,
        progress: ((RenderProgress) -> Void)? = nil
    ) throws -> Int {
        if let still {
            try renderStill(timeline, at: still, to: output, cancellation: cancellation)
            return 1
        }
        if let frames {
            return try render(
                timeline, frames: frames, to: output, options: options ?? VideoOptions(), workers: workers,
                cancellation: cancellation, progress: progress
            ).frameCount
        }
        let report = try render(
            timeline, to: output, options: options ?? VideoOptions(), workers: workers,
            cancellation: cancellation, progress: progress)
        return report.frameCount
    }
}
