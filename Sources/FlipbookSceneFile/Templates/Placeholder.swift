import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// One `{{name}}` in a string of a template: the parameter it names and where it is. Inside a
/// repeated layer it may name the repeat's variable, its `index`, or a field of the variable's
/// object (`{{item.price}}`).
package struct Placeholder: Sendable, Equatable {
    /// What the braces hold, spaces trimmed (`{{ name }}` is `name`; `{{item.price}}` is `item.price`).
    package var name: String
    /// The whole `{{…}}` in the string.
    package var range: Range<String.Index>
    /// How many Unicode scalars come before it in the string, to find its column in the file.
    var scalarOffset: Int

    /// A `{{` that is not a placeholder: unclosed, or not around a name.
    package struct Malformed: Error, Sendable {
        var scalarOffset: Int
        package var reason: String
    }

    /// The placeholders in `text`, in order. Everything is done on Unicode scalars, so a brace
    /// followed by a combining mark is still a brace.
    ///
    /// - Throws: ``Malformed`` for a `{{` without its `}}` or braces around something other than a name.
    package static func all(in text: String) throws(Malformed) -> [Placeholder] {
        guard text.contains("{{") else { return [] }
        let scalars = text.unicodeScalars
        var found: [Placeholder] = []
        var index = scalars.startIndex
        var offset = 0
        while index < scalars.endIndex {
            let next = scalars.index(after: index)
            guard scalars[index] == "{", next < scalars.endIndex, scalars[next] == "{" else {
                index = next
                offset += 1
                continue
            }
            let nameStart = scalars.index(after: next)
            guard let close = closingBraces(in: scalars, from: nameStart) else {
                throw Malformed(scalarOffset: offset, reason: "'{{' opens a placeholder that no '}}' closes")
            }
            let inside = String(String.UnicodeScalarView(scalars[nameStart..<close]))
            let name = inside.trimmingCharacters(in: .whitespaces)
            guard isValidPath(name) else {
                let shown = "{{" + inside + "}}"
                throw Malformed(scalarOffset: offset,
                                reason: "'\(shown.count > 40 ? String(shown.prefix(40)) + "…" : shown)' does not name a parameter "
                                    + "(a placeholder is {{name}}, the name of one of the template's parameters, "
                                    + "or in a repeat {{item.field}})")
            }
            let end = scalars.index(close, offsetBy: 2)
            found.append(Placeholder(name: name, range: index..<end, scalarOffset: offset))
            offset += scalars[index..<end].count
            index = end
        }
        return found
    }

    /// The name before any `.`: the parameter or repeat variable the placeholder uses.
    package var head: String { Self.head(of: name) }
    /// The part of `name` before any `.`.
    static func head(of name: String) -> String { name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name }
    /// The field after the `.`, for `{{item.field}}`; `nil` for a plain name.
    package var field: String? {
        let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2 ? String(parts[1]) : nil
    }

    /// A name, or a name, a dot and a field's name, each spelt as a parameter's name is.
    private static func isValidPath(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, TemplateParameter.isValidName(String(parts[0])) else { return false }
        return parts.count == 1 || TemplateParameter.isValidName(String(parts[1]))
    }

    /// Where the first `}}` at or after `start` begins.
    private static func closingBraces(in scalars: String.UnicodeScalarView, from start: String.Index) -> String.Index? {
        var index = start
        while index < scalars.endIndex {
            let next = scalars.index(after: index)
            if scalars[index] == "}", next < scalars.endIndex, scalars[next] == "}" { return index }
            index = next
        }
        return nil
    }

    /// `text` with each of its `placeholders` replaced by its value's text.
    package static func replacing(_ placeholders: [Placeholder], in text: String, with value: (String) -> String) -> String {
        let scalars = text.unicodeScalars
        var result = String.UnicodeScalarView()
        var rest = scalars.startIndex
        for placeholder in placeholders {
            result.append(contentsOf: scalars[rest..<placeholder.range.lowerBound])
            result.append(contentsOf: value(placeholder.name).unicodeScalars)
            rest = placeholder.range.upperBound
        }
        result.append(contentsOf: scalars[rest...])
        return String(result)
    }
}
