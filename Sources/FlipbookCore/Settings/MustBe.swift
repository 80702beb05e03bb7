import Foundation

extension FlipbookError {
    /// The one sentence for a value that breaks its rule: "`key` must be `requirement`; it is
    /// `value`." and an optional follow-up (a "did you mean", the codecs that take it).
    ///
    /// The error's key path is `key`, so a file reader puts its line and column in front and the
    /// command line names the flag instead (`--crf must be …`); Swift callers read the key.
    public static func mustBe(_ key: String, _ requirement: String, itIs value: String, _ followUp: String = "") -> FlipbookError {
        let tail = followUp.isEmpty ? "" : (followUp.hasPrefix(" ") ? followUp : " " + followUp)
        var error = FlipbookError(invalid: key, "must be \(requirement)", at: Location(keyPath: key))
        error.found = Found(value: value, followUp: tail)
        return error
    }
}

extension FlipbookError {
    /// As ``mustBe(_:_:itIs:_:)`` for a value not yet named by a key: `subject` ("The frame rate")
    /// names it until a reader places it at its key or flag.
    public static func mustBe(subject: String, _ requirement: String, itIs value: String) -> FlipbookError {
        var error = FlipbookError(invalid: subject, "must be \(requirement)")
        error.found = Found(value: value, followUp: "")
        return error
    }
}

extension String {
    /// "a, b, c" → "a, b or c": a list as a sentence ends it.
    package func replacingLastComma() -> String {
        guard let comma = range(of: ", ", options: .backwards) else { return self }
        return replacingCharacters(in: comma, with: " or ")
    }
}

extension ClosedRange where Bound: BinaryInteger {
    /// "between 0 and 51": a range as a requirement reads it.
    package var requirementText: String { "between \(lowerBound) and \(upperBound)" }
    /// `0...51`: a range as a table shows it.
    package var tableText: String { "\(lowerBound)...\(upperBound)" }
}
