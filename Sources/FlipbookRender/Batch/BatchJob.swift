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

    /// The keys a job may have: the settings table's rows for batch jobs.
    public static var keys: [String] { Settings.keys(for: .batch) }

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

    /// The job as the request it makes: the same path from request to plan as the command line's.
    public var renderRequest: RenderRequest {
        var request = RenderRequest(scene: self.request, output: output)
        request.time = time
        request.crf = crf
        request.preset = preset
        request.codec = codec
        request.container = format
        request.pixelFormat = pixelFormat
        request.loop = loop
        request.lookahead = lookahead
        request.keyframeInterval = keyframeInterval
        request.maxBitrate = maxBitrate
        request.quality = quality
        request.frames = frames
        return request
    }

    /// The job's label: its name, or `#3 party.mp4`.
    public func label(index: Int) -> String {
        name ?? "#\(index + 1) \(URL(fileURLWithPath: output).lastPathComponent)"
    }

    /// The output file, relative paths resolved against `directory`.
    public func outputURL(relativeTo directory: URL?) -> URL {
        renderRequest.outputURL(relativeTo: directory)
    }

    /// Everything this job needs, checked before anything is drawn (``RenderRequest/plan(relativeTo:expecting:)``).
    /// Errors keep key paths relative to the job (`crf`), or name the scene file they came from.
    public func prepare(relativeTo directory: URL?) throws -> OutputPlan {
        try renderRequest.plan(relativeTo: directory)
    }
}
