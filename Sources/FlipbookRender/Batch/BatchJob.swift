import FlipbookAnimation
import FlipbookDrawing
import FlipbookVideo
import Foundation

/// One render in a batch file. The output's extension decides what is made: `.mp4` (or `.m4v`) a
/// clip, `.png`, `.pdf` or `.svg` a still at ``time``.
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

    /// The keys a job may have, in the order the documentation lists them.
    public static let keys = [
        "name", "scene", "output", "time", "size", "scale", "fps", "duration", "seed", "background", "crf", "preset",
    ]
    /// The output extensions for clips.
    public static let clipExtensions = ["mp4", "m4v"]
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

    /// Whether the job makes a still (by its output's extension).
    public var isStill: Bool {
        Self.stillExtensions.contains(URL(fileURLWithPath: output).pathExtension.lowercased())
    }

    /// The job's label: its name, or `#3 party.mp4`.
    public func label(index: Int) -> String {
        name ?? "#\(index + 1) \(URL(fileURLWithPath: output).lastPathComponent)"
    }

    /// The output file, relative paths resolved against `directory`.
    public func outputURL(relativeTo directory: URL?) -> URL {
        URL(fileURLWithPath: output, relativeTo: directory).standardizedFileURL
    }

    /// The encoder options this job asks for, checked (key paths `crf`, `preset`).
    public func videoOptions() throws -> VideoOptions {
        let defaults = VideoOptions()
        return try VideoOptions(crf: crf ?? defaults.crf, preset: preset ?? defaults.preset)
    }

    /// Everything this job needs, checked before anything is drawn: the timeline, the options,
    /// the output's kind, the still's time and the codec's size limit. Errors keep key paths
    /// relative to the job (`crf`), or name the scene file they came from.
    public func prepare(relativeTo directory: URL?) throws -> PreparedBatchJob {
        let url = outputURL(relativeTo: directory)
        let allowed = Self.clipExtensions + Self.stillExtensions
        guard allowed.contains(url.pathExtension.lowercased()) else {
            throw FlipbookError(
                invalid: "The output",
                "must end in \(allowed.map { ".\($0)" }.joined(separator: ", ")); it is \"\(output)\".",
                at: .init(keyPath: "output"))
        }
        let timeline = try request.makeTimeline(relativeTo: directory)
        if isStill {
            try checkStillTime(time ?? 0, in: timeline)
            return PreparedBatchJob(timeline: timeline, output: url, still: time ?? 0, options: nil)
        }
        let options = try videoOptions()
        do {
            try OutputFormat(url: url, options: options).codec.checkFrameSize(width: timeline.pixelWidth, height: timeline.pixelHeight)
        } catch let error as FlipbookError {
            throw request.placed(error, relativeTo: directory)
        }
        return PreparedBatchJob(timeline: timeline, output: url, still: nil, options: options)
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

    /// Renders the job; returns the number of frames written.
    public func run(
        workers: Int? = nil, cancellation: RenderCancellation? = nil,
        progress: ((RenderProgress) -> Void)? = nil
    ) throws -> Int {
        if let still {
            try renderStill(timeline, at: still, to: output, cancellation: cancellation)
            return 1
        }
        let report = try render(
            timeline, to: output, options: options ?? VideoOptions(), workers: workers,
            cancellation: cancellation, progress: progress)
        return report.frameCount
    }
}
