import FlipbookDrawing
import Foundation

extension SceneFile {
    /// Reads and decodes a scene file.
    ///
    /// - Throws: ``FlipbookError`` — `.io` when the file cannot be read; `.malformedInput` when it is
    ///   not valid JSON (the message gives the line and column and what was expected there) or does
    ///   not describe a scene (the message gives the key path, e.g. `layers[0].bursts[1].count`, and
    ///   what was expected).
    public static func load(from url: URL) throws -> SceneFile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw FlipbookError.file(
                "Cannot read the scene file \(url.path): " + (exists ? reason : "there is no such file."))
        }
        return try decode(data, source: url.path)
    }

    /// Decodes a scene file from JSON data; `source` names it in error messages.
    public static func decode(_ data: Data, source: String = "the scene file") throws -> SceneFile {
        do {
            return try JSONDecoder().decode(SceneFile.self, from: data)
        } catch let error as DecodingError {
            throw FlipbookError.invalidInput(describe(error, in: data, source: source))
        }
    }

    /// A message for a decoding error: the key path and what was expected, or for broken JSON the
    /// line and column.
    static func describe(_ error: DecodingError, in data: Data, source: String) -> String {
        // Foundation reports broken JSON as data corrupted at the top level, without a position.
        if case let .dataCorrupted(context) = error, context.codingPath.isEmpty {
            if let syntax = JSONSyntaxChecker.firstError(in: data) {
                return "\(source):\(syntax.line):\(syntax.column): malformed JSON: \(syntax.problem)."
            }
        }
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text.isEmpty ? "the top level" : text
        }
        func sentence(_ text: String) -> String {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return trimmed.hasSuffix(".") ? trimmed : trimmed + "."
        }
        switch error {
        case let .typeMismatch(type, context):
            // Foundation says "dictionary" and "array"; a scene file's author thinks in JSON's words.
            let found = context.debugDescription.range(of: "but found ").map {
                " but found " + context.debugDescription[$0.upperBound...]
                    .replacingOccurrences(of: " instead.", with: "")
                    .replacingOccurrences(of: "a dictionary", with: "an object")
                    .replacingOccurrences(of: "an array", with: "a list")
            }
            if context.debugDescription.hasPrefix("expected") {
                return "\(source): \(path(context.codingPath)): \(sentence(context.debugDescription))"
            }
            return "\(source): \(path(context.codingPath)): expected \(describe(type))\(found ?? "")."
        case let .valueNotFound(type, context):
            return "\(source): \(path(context.codingPath)): expected \(describe(type)) but found null."
        case let .keyNotFound(key, context):
            return "\(source): \(path(context.codingPath + [key])) is missing; it is required here."
        case let .dataCorrupted(context):
            return "\(source): \(path(context.codingPath)): \(sentence(context.debugDescription))"
        @unknown default:
            return "\(source): \(error)"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is UInt64.Type: "a whole number"
        case is Double.Type, is Float.Type, is CGFloat.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [Double].Type: "a list of numbers"
        default:
            String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }
}
