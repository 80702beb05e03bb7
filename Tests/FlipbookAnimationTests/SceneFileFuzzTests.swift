@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// Scene files with one value replaced by something extreme or of the wrong kind are either read
/// and built, or refused with an invalid-input error that names a key path — never a crash; what is
/// built draws and mixes its sound without one too.
@Suite struct SceneFileFuzzTests {
    /// Values that have broken readers before: huge, tiny, negative, fractional, wrong kinds.
    static let replacements = [
        "1e300", "-1e300", "1e999", "-1e999", "0", "-1", "0.5", "1e-320", "9223372036854775808", "18446744073709551616",
        "\"x\"", "null", "[]", "{}", "[1e300, 1e300]", "[-1, -2]", "true",
    ]

    @Test func oneValueReplacedNeverCrashes() throws {
        let files = try FileManager.default.contentsOfDirectory(at: sceneFixtures, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        var random = SeededRandom(seed: 11)
        var built = 0, refused = 0
        for file in files {
            let json = try JSONReader.read(Data(contentsOf: file))
            let paths = Self.valuePaths(in: json)
            for _ in 0..<200 {
                let path = paths[random.index(below: paths.count)]
                let replacement = Self.replacements[random.index(below: Self.replacements.count)]
                let text = Self.replacing(path, in: json, with: try JSONReader.read(Data(replacement.utf8))).text()
                do {
                    let timeline = try SceneFile.decode(Data(text.utf8), source: "fuzz.json").makeTimeline()
                    built += 1
                    Self.drawAndMix(timeline)
                } catch let error as FlipbookError {
                    refused += 1
                    #expect(error.kind == .invalidInput, "\(file.lastPathComponent) \(path) = \(replacement): \(error)")
                    #expect(error.location.file == "fuzz.json", "\(error)")
                    #expect(error.location.line != nil || error.location.keyPath != nil, "\(path) = \(replacement): \(error)")
                }
            }
        }
        #expect(built > 0 && refused > 0)
    }

    /// Draws `timeline` small at its start, middle and end and mixes its sound: values the reader
    /// let through reach the drawing's and the mixer's arithmetic (sizes, offsets, rates turned into
    /// integers), which must not trap either. A drawing or mixing error is an answer, not a crash.
    static func drawAndMix(_ timeline: Timeline) {
        var small = timeline
        small.scale = min(timeline.scale, 48 / max(1, timeline.size.width))
        if var bitmap = try? small.makeBitmap() {
            for time in [0, small.duration / 2, small.duration * 0.99] { small.draw(at: time, into: &bitmap) }
        }
        _ = try? small.mixAudio()
    }

    @Test func everyTruncationIsReportedAtAPosition() throws {
        let data = try Data(contentsOf: sceneFixtures.appendingPathComponent("confetti-and-ripples.json"))
        for length in stride(from: 0, to: data.count - 2, by: 3) {
            // Cut anywhere before the final brace: always broken JSON, at a line and column.
            let error = expectFlipbookError(.invalidInput) { _ = try SceneFile.decode(data.prefix(length), source: "cut.json") }
            #expect(error?.location.line != nil && error?.message.hasPrefix("malformed JSON: expected ") == true,
                    "cut at \(length): \(String(describing: error))")
        }
    }

    /// The key path of every value that is not an object or list, in file order.
    static func valuePaths(in json: JSONValue, keyPath: [PathStep] = []) -> [[PathStep]] {
        switch json.content {
        case .object(let members):
            return members.flatMap { valuePaths(in: $0.value, keyPath: keyPath + [.key($0.key)]) }
        case .array(let elements):
            return elements.enumerated().flatMap { valuePaths(in: $0.element, keyPath: keyPath + [.index($0.offset)]) }
        default:
            return [keyPath]
        }
    }

    enum PathStep { case key(String), index(Int) }

    /// `json` with the value at `path` replaced.
    static func replacing(_ path: [PathStep], in json: JSONValue, with value: JSONValue) -> JSONValue {
        guard let step = path.first else { return value }
        var copy = json
        switch (step, json.content) {
        case (.key(let key), .object(var members)):
            if let i = members.firstIndex(where: { $0.key == key }) {
                members[i].value = replacing(Array(path.dropFirst()), in: members[i].value, with: value)
            }
            copy.content = .object(members)
        case (.index(let index), .array(var elements)):
            elements[index] = replacing(Array(path.dropFirst()), in: elements[index], with: value)
            copy.content = .array(elements)
        default:
            break
        }
        return copy
    }
}
