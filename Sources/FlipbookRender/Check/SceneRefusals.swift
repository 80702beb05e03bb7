import FlipbookAnimation
import FlipbookCore
import FlipbookSceneFile
import Foundation

/// Everything a render would refuse in a scene, in one pass: the file read and its timeline made
/// with a collector (``Refusals``), so every layer's unknown keys, wrong values, missing files and
/// misspelt placeholders are found, not only the first a render stops at.
struct SceneRefusals {
    /// The file as read, holes and all; `nil` when it could not be read at all (broken JSON).
    var file: SceneFile?
    /// The timeline made; drawn from only when nothing was refused.
    var timeline: Timeline?
    /// The refusals met reading the file, placed in it.
    var reading: [FlipbookError] = []
    /// The refusals met making the timeline, placed in the file when it has a place for them.
    var making: [FlipbookError] = []
    /// Failures that are not refusals (a bug's message, shown as it is).
    var unexpected: [String] = []

    /// Whether nothing was refused.
    var isEmpty: Bool { reading.isEmpty && making.isEmpty && unexpected.isEmpty }

    /// Reads the scene `request` asks for and makes its timeline, collecting every refusal.
    static func collect(_ request: SceneRequest, relativeTo directory: URL?) -> SceneRefusals {
        var result = SceneRefusals()
        let reading = Refusals()
        let read: SceneFile?
        do {
            read = try Refusals.collect(into: reading) { try request.sceneFile(relativeTo: directory) }
        } catch {
            read = nil
            result.note(error, in: \.reading)
        }
        result.reading.insert(contentsOf: reading.errors, at: 0)
        guard let file = read else { return result }
        result.file = file
        let making = Refusals()
        do {
            result.timeline = try Refusals.collect(into: making) { try file.makeTimeline() }
        } catch {
            result.note(error, in: \.making)
        }
        result.making.insert(contentsOf: making.errors, at: 0)
        return result
    }

    private mutating func note(_ error: any Error, in list: WritableKeyPath<SceneRefusals, [FlipbookError]>) {
        if let error = error as? FlipbookError { self[keyPath: list].append(error) } else { unexpected.append("\(error)") }
    }

    /// The findings, each refusal once (two refusals of one key are one problem: a layer refused
    /// while read is refused again, for the same key, while made), in the order of the scene file's
    /// lines, then those of other files and of none in the order met. `placing` may place a refusal
    /// of a value the caller gave at its flag.
    func findings(_ request: SceneRequest, relativeTo directory: URL?,
                  placing: (FlipbookError) -> FlipbookError) -> [CheckFinding] {
        var seen = Set<String>()
        var findings: [(finding: CheckFinding, line: Int, column: Int)] = []
        let scenePath = request.sceneFileURL(relativeTo: directory)?.path
        func add(_ finding: CheckFinding, _ error: FlipbookError) {
            guard seen.insert(finding.pointer.isEmpty ? finding.message : finding.pointer).inserted else { return }
            let inFile = error.location.file != nil && error.location.file == scenePath
            findings.append((finding, inFile ? error.location.line ?? .max : .max, inFile ? error.location.column ?? .max : .max))
        }
        for error in reading { add(CheckFinding(refusal: placing(error)), error) }
        for error in making {
            let placed = request.placed(error, relativeTo: directory)
            var finding = CheckFinding(refusal: placing(placed))
            if let file, let fix = TextFitCheck.fix(forRefusal: placed, in: file) {
                finding.pointer = fix.pointer
                finding.fix = fix.text
            }
            // A value the command line gave is not the file's to change.
            if let keyPath = placed.location.keyPath, request.overriddenKeys.contains(Setting.key(ofKeyPath: keyPath)) {
                finding.pointer = ""
            }
            add(finding, placed)
        }
        for message in unexpected {
            add(CheckFinding(.error, .refused, pointer: "", message: message, fix: ""), FlipbookError.invalidInput(message))
        }
        // A stable sort: the order met stands among findings at no line of the scene file.
        return findings.enumerated().sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
            .map(\.element.finding)
    }
}
