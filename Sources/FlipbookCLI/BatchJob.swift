import Flipbook
import Foundation

/// One render in a batch file. The output's extension decides what is made: `.mp4` a clip,
/// `.png`/`.pdf`/`.svg` a still at `time`.
///
/// ```json
/// {"jobs": [
///   {"scene": "confetti", "output": "out/confetti.mp4", "seed": 3},
///   {"scene": "scenes/party.json", "output": "out/party.png", "time": 0.8}
/// ]}
/// ```
/// Relative paths are resolved against the batch file's directory.
struct BatchJob: Decodable {
    var name: String?
    var scene: String
    var output: String
    var time: Double?
    var size: PixelSize?
    var scale: Double?
    var fps: FrameRate?
    var duration: Double?
    var seed: UInt64?
    var background: Color?
    var crf: Int?
    var preset: String?

    /// The job's label in progress lines and the summary.
    func label(index: Int) -> String { name ?? "#\(index + 1) \(URL(fileURLWithPath: output).lastPathComponent)" }

    var isStill: Bool { ["png", "pdf", "svg"].contains(URL(fileURLWithPath: output).pathExtension.lowercased()) }
}

/// The top level of a batch file: `{"jobs": [...]}` or just the array.
struct BatchFile: Decodable {
    var jobs: [BatchJob]

    private enum CodingKeys: String, CodingKey { case jobs }

    init(from decoder: any Decoder) throws {
        if let list = try? decoder.singleValueContainer().decode([BatchJob].self) {
            jobs = list
        } else {
            jobs = try decoder.container(keyedBy: CodingKeys.self).decode([BatchJob].self, forKey: .jobs)
        }
    }

    static func load(from url: URL) throws -> BatchFile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw UsageError("Cannot read the batch file \(url.path): \(error.localizedDescription)")
        }
        // The scene file's messages: line and column, key path, what was expected.
        return try asUsage { try decodeJSONDocument(BatchFile.self, from: data, source: url.path) }
    }
}

/// The outcome of one batch job, for the summary table.
struct BatchResult {
    var label: String
    var output: String
    var frames: Int?
    var seconds: TimeInterval
    var error: String?
}

extension BatchJob {
    /// Renders this job. Errors are returned in the result, never thrown, so the batch goes on.
    func run(index: Int, baseDirectory: URL, workers: Int?, quiet: Bool) -> BatchResult {
        let start = Date()
        let label = label(index: index)
        let outputURL = URL(fileURLWithPath: output, relativeTo: baseDirectory).standardizedFileURL
        func result(frames: Int? = nil, error: String? = nil) -> BatchResult {
            BatchResult(label: label, output: outputURL.path, frames: frames,
                        seconds: Date().timeIntervalSince(start), error: error)
        }
        do {
            var arguments = try SceneOptions.parse([scene])
            arguments.size = size
            arguments.scale = scale
            arguments.fps = fps
            arguments.duration = duration
            arguments.seed = seed
            arguments.background = background
            try arguments.validate()
            let timeline = try arguments.timeline(relativeTo: baseDirectory)
            _ = try checkOutput(outputURL.path, allowed: ["mp4", "m4v", "png", "pdf", "svg"], what: "a batch job")
            if isStill {
                try renderStill(timeline, at: time ?? 0, to: outputURL)
                return result(frames: 1)
            }
            var options = VideoOptions()
            if let crf { options.crf = crf }
            if let preset { options.preset = preset }
            let printer = ProgressPrinter(style: quiet ? .quiet : .lines, label: label)
            let report = try render(timeline, to: outputURL, options: options, workers: workers) { printer.update($0) }
            return result(frames: report.frameCount)
        } catch {
            return result(error: "\(error)")
        }
    }
}
