import FlipbookAnimation
import FlipbookCore
import FlipbookSceneFile
import Foundation

/// A template batch's output name, `out/{{id}}.mp4`: each `{{column}}` becomes the row's value.
public struct OutputPattern: Sendable, Equatable {
    /// The pattern as given.
    public let text: String
    /// The names it uses, in order, each once.
    public let names: [String]
    private let placeholders: [Placeholder]

    /// Reads `text`'s placeholders.
    ///
    /// - Throws: ``FlipbookError`` (invalid input, at `-o`) for a `{{` that is not closed or not
    ///   around a name.
    public init(_ text: String) throws {
        self.text = text
        do {
            placeholders = try Placeholder.all(in: text)
        } catch {
            throw FlipbookError(invalid: Setting.output.key, "must be a file name with {{column}} placeholders; \(error.reason).",
                                at: .init(keyPath: Setting.output.key))
        }
        var names: [String] = []
        for placeholder in placeholders where !names.contains(placeholder.name) { names.append(placeholder.name) }
        self.names = names
    }

    /// The file name for `values` (every name the pattern uses must have one).
    public func fileName(_ values: [String: String]) -> String {
        Placeholder.replacing(placeholders, in: text) { values[$0] ?? "" }
    }

    /// The folder every output is in or under: the pattern's folders up to the first that holds a
    /// placeholder. The batch's `manifest.json` goes there.
    public var folder: String {
        var components = text.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        if let first = components.firstIndex(where: { $0.contains("{{") }) { components = components[..<first] }
        let joined = components.joined(separator: "/")
        if joined.isEmpty { return text.hasPrefix("/") ? "/" : "." }
        return joined
    }

    /// Why `value` cannot go in a file name, or `nil` when it can: it would leave the folder the
    /// pattern puts it in, or be no name at all.
    public static func problem(withFileNamePart value: String) -> String? {
        if value.contains("/") { return "it contains '/', which would make a folder of it" }
        if value.contains("\u{0}") { return "it contains a NUL character" }
        if value == "." || value == ".." { return "'\(value)' names a folder, not a file" }
        return nil
    }
}
