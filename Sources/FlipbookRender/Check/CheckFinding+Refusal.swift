import FlipbookCore
import Foundation

extension CheckFinding {
    /// The finding for what a render refuses: the error's own message (with its file, line and
    /// column) at its key path, and a fix read from the error: the key or parameter it suggests, or
    /// the value its rule asks for.
    init(refusal error: FlipbookError) {
        let keyPath = error.location.keyPath ?? ""
        let name = error.location.flag ?? keyPath
        self.init(.error, .refused, pointer: error.location.flag == nil ? jsonPointer(ofKeyPath: keyPath) : "",
                  message: error.description, fix: CheckFinding.fix(for: error, naming: name))
    }

    /// What to write instead, in the error's terms.
    private static func fix(for error: FlipbookError, naming name: String) -> String {
        let message = error.message
        let shown = name.isEmpty ? "the value" : name
        if let suggestion = suggestion(in: message) {
            if message.contains("is not a parameter of this template") { return "write {{\(suggestion)}}" }
            if message.contains("is not a key") {
                return "rename the key \(name.split(separator: ".").last.map { "\"\($0)\" " } ?? "")to \"\(suggestion)\""
            }
            return "use \"\(suggestion)\""
        }
        if let requirement = error.mustBeRequirement { return "make \(shown) \(requirement)" }
        if message.hasSuffix("does not exist.") || message.hasSuffix("there is no such file.") {
            return name.isEmpty ? "give the path of a file that exists"
                : "give \(name) the path of a file that exists, relative to the scene file's folder"
        }
        // The rest say what to do in their own last sentence ("…; give a larger size, …").
        if let remedy = message.split(separator: ";").last, message.contains(";") {
            return remedy.trimmingCharacters(in: .whitespaces)
        }
        return "change \(shown) as the message says"
    }

    /// The candidate of a " Did you mean 'X'?" in `message` (``didYouMean(_:among:)`` writes them all).
    private static func suggestion(in message: String) -> String? {
        guard let start = message.range(of: "Did you mean '") else { return nil }
        let rest = message[start.upperBound...]
        guard let end = rest.range(of: "'?") else { return nil }
        return String(rest[..<end.lowerBound])
    }
}
