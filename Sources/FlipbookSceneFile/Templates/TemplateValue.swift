import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// A value checked against its parameter: the text `{{name}}` puts inside longer strings, and the
/// JSON value a string that is exactly `"{{name}}"` becomes.
package struct TemplateValue: Sendable, Equatable {
    package var text: String
    var json: JSONValue.Content
}

/// Why a value does not suit its parameter, in parts, so a flag, a Swift call and a row of a data
/// file can each word the one check's finding their own way.
package struct TemplateValueProblem: Error, Sendable, Equatable {
    /// What the value must be: "a number between 10 and 500".
    package var requirement: String
    /// The value as shown after "it is": `'blu'`, `600`.
    package var found: String
    /// What follows: " Did you mean 'blue'?", or "".
    package var followUp: String

    /// "must be …; it is …. Did you mean …?"
    package var sentence: String { "must be \(requirement); it is \(found).\(followUp)" }

    /// The problem as an error about the value at `keyPath` (a parameter's name in ``SceneFile/with(_:)``).
    package func error(keyPath: String) -> FlipbookError {
        FlipbookError.mustBe(keyPath, requirement, itIs: found, followUp)
    }

    /// The problem as an error about a value in a file, placed at it.
    func error(keyPath: String, at json: JSONValue) -> FlipbookError {
        FlipbookError(invalid: keyPath, sentence, at: json.location(keyPath: keyPath))
    }
}

extension TemplateParameter {
    /// The requirement every value of this parameter meets, for messages and the reference.
    var requirement: String {
        switch kind {
        case .string: "text"
        case .number: range.map { "a number " + ParameterLimits.between($0.lowerBound, $0.upperBound).description } ?? "a number"
        case .color: "a colour name (" + Color.names.joined(separator: ", ") + ") or a hex string such as \"#ff8800\""
        case .image: "an existing image file (relative to the scene file's folder)"
        case .bool: "true or false"
        case .list: Self.listRequirement
        }
    }

    /// Checks `text` as this parameter's value. An image's path is resolved against `baseDirectory`
    /// (the current directory for `nil`) and, inside that folder, must name an existing file; the value
    /// it stands for is that full path.
    package func check(_ text: String, baseDirectory: URL?) -> Result<TemplateValue, TemplateValueProblem> {
        func problem(_ found: String, _ followUp: String = "") -> Result<TemplateValue, TemplateValueProblem> {
            .failure(TemplateValueProblem(requirement: requirement, found: found, followUp: followUp))
        }
        switch kind {
        case .string:
            return .success(TemplateValue(text: text, json: .string(text)))
        case .number:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let (value, literal) = Self.decimal(trimmed) else { return problem("'\(text)'") }
            if let range, !(range.contains(value)) { return problem(literal) }
            return .success(TemplateValue(text: literal, json: .number(value, literal: literal)))
        case .color:
            guard Color(named: text) != nil else {
                return problem("'\(text)'", didYouMean(text.trimmingCharacters(in: .whitespaces), among: Color.names))
            }
            return .success(TemplateValue(text: text, json: .string(text)))
        case .image:
            guard !text.isEmpty else { return problem("empty") }
            var url = URL(fileURLWithPath: text)
            // Appended rather than `relativeTo:`, which would drop a folder URL's last part without its '/'.
            if !text.hasPrefix("/"), let baseDirectory { url = baseDirectory.appendingPathComponent(text) }
            url = url.standardizedFileURL
            // A path that leaves the scene file's folder is not looked at here: the layer that uses it
            // decides (a Lottie slot refuses it), so whether such a file exists is never revealed.
            if let baseDirectory, !url.isInside(baseDirectory.standardizedFileURL) {
                return .success(TemplateValue(text: text, json: .string(url.path)))
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                return problem("'\(text)'", " There is no file \(url.path).")
            }
            guard !isDirectory.boolValue else { return problem("'\(text)'", " \(url.path) is a folder.") }
            return .success(TemplateValue(text: text, json: .string(url.path)))
        case .bool:
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "true": return .success(TemplateValue(text: "true", json: .bool(true)))
            case "false": return .success(TemplateValue(text: "false", json: .bool(false)))
            default: return problem("'\(text)'", didYouMean(text, among: ["true", "false"]))
            }
        case .list:
            switch Self.listItems(text) {
            case .success(let items):
                let list = JSONValue.array(items)
                return .success(TemplateValue(text: list.compactText, json: list.content))
            case .failure(let wrong): return problem(wrong.found, wrong.followUp)
            }
        }
    }

    /// A finite decimal number written as JSON or a person would (`12`, `-0.5`, `+3`, `.5`, `1e3`),
    /// and its JSON literal; `nil` for anything else (`0x10`, `inf`, `nan`, `1e999`).
    static func decimal(_ text: String) -> (Double, String)? {
        var digits = Substring(text)
        var sign = ""
        if let first = digits.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            digits = digits.dropFirst()
        }
        let mantissaEnd = digits.firstIndex { $0 == "e" || $0 == "E" } ?? digits.endIndex
        let mantissa = digits[..<mantissaEnd]
        let exponent = digits[mantissaEnd...].dropFirst()
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts.first ?? "", fraction = parts.count > 1 ? parts[1] : ""
        let isDigits = { (part: Substring) in part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard !(whole.isEmpty && fraction.isEmpty), isDigits(whole), isDigits(fraction) else { return nil }
        if mantissaEnd != digits.endIndex {
            var power = exponent
            if let first = power.first, first == "+" || first == "-" { power = power.dropFirst() }
            guard !power.isEmpty, isDigits(power) else { return nil }
        }
        guard let value = Double(sign + digits), value.isFinite else { return nil }
        // JSON has no leading '+', no bare '.5' or '5.', and no leading zeros.
        let jsonWhole = String(whole.drop { $0 == "0" }).isEmpty ? "0" : String(whole.drop { $0 == "0" })
        var literal = sign + jsonWhole + (fraction.isEmpty ? "" : "." + fraction)
        if mantissaEnd != digits.endIndex { literal += "e" + exponent }
        return (value, literal)
    }
}

private extension URL {
    /// Whether this standardized file URL lies in `folder` (itself standardized), by whole path parts.
    func isInside(_ folder: URL) -> Bool {
        let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        return path.hasPrefix(base)
    }
}
