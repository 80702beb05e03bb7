import FlipbookAnimation
import FlipbookCore
import FlipbookVideo
import Foundation

/// One render in a batch file: a label and the ``RenderRequest`` the command line would make of the
/// same values. The output's kind follows its name, as for `render` and `still`.
///
/// ```json
/// {"jobs": [
///   {"scene": "confetti", "output": "out/confetti.mp4", "seed": 3, "fps": 29.97},
///   {"scene": "scenes/party.json", "output": "out/party.png", "time": 0.8}
/// ]}
/// ```
/// Every key but `scene` and `output` is optional. `"outputs": ["a.mp4", "b.webm", "c.gif"]`
/// instead of `output` writes several clips from one drawing (``OutputPlan/run(together:workers:cancellation:progress:)``). The keys are the settings table's batch rows
/// (``Settings/keys(for:)``), and each value is checked by the same code as its flag's, so
/// `"crf": 60` in the third job reads `jobs[2].crf must be …` where `--crf 60` reads `--crf must be …`.
public struct BatchJob: Sendable, Equatable {
    /// The job's name in progress lines and the summary; default `#<number> <output file name>`.
    public var name: String?
    /// What the job asks for; relative paths are resolved against the batch file's directory.
    public var request: RenderRequest
    /// For a job with `"outputs"`: the clips written together from one drawing (the request's
    /// ``RenderRequest/output`` is the first); `nil` for a job with one `"output"`.
    public var outputs: [String]?

    /// Values the batch file gave that are checked later (when the job is planned), as the file
    /// wrote them, by key, so the job's error shows `29.5` rather than the value read (`59/2`).
    package var written: [String: String] { request.written.byKey }

    /// Two jobs are the same job when they ask for the same thing, however the file wrote it.
    public static func == (a: BatchJob, b: BatchJob) -> Bool {
        a.name == b.name && a.request == b.request && a.outputs == b.outputs
    }

    /// A job making `request`, labelled `name`.
    public init(name: String? = nil, request: RenderRequest) {
        self.name = name
        self.request = request
    }

    /// The keys a job may have: the settings table's rows for batch jobs.
    public static var keys: [String] { Settings.keys(for: .batch) }

    /// The job's label: its name, or `#3 party.mp4` (`#3 party.mp4 +2` with two more outputs).
    public func label(index: Int) -> String {
        let more = (outputs?.count ?? 1) > 1 ? " +\((outputs?.count ?? 1) - 1)" : ""
        return name ?? "#\(index + 1) \(URL(fileURLWithPath: request.output).lastPathComponent)\(more)"
    }

    /// The output file, relative paths resolved against `directory`.
    public func outputURL(relativeTo directory: URL?) -> URL {
        request.outputURL(relativeTo: directory)
    }

    /// Everything this job needs, checked before anything is drawn (``RenderRequest/plan(relativeTo:expecting:)``).
    /// Errors keep key paths relative to the job (`crf`), or name the scene file they came from.
    public func prepare(relativeTo directory: URL?) throws -> OutputPlan {
        try request.plan(relativeTo: directory)
    }

    /// The plans of every output (one unless the job has `"outputs"`), checked before anything is
    /// drawn (``RenderRequest/plans(outputs:relativeTo:expecting:)``).
    public func prepareAll(relativeTo directory: URL?) throws -> [OutputPlan] {
        guard let outputs else { return [try prepare(relativeTo: directory)] }
        return try request.plans(outputs: outputs, relativeTo: directory, expecting: .either)
    }
}
