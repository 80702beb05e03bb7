import Foundation

/// An error from Flipbook: what kind of failure it is, where it happened, and a sentence a person
/// can act on.
///
/// Every failure in Flipbook — a value out of range, a scene file that cannot be read, a full disk,
/// an error reported by Cairo or FFmpeg, an interrupted render — surfaces as a `FlipbookError`.
/// ``location`` says where: a file with its line and column, a key path such as
/// `layers[1].bursts[3].count`, or a command-line flag such as `--fps`. ``description`` puts the two
/// together the way compilers do: `party.json:12:7: layers[1].bursts[3].count must be between 1 and
/// 100000; it is 0.`
public struct FlipbookError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The broad category of a failure, for code (and exit statuses) that react differently to each.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// A value, a file's contents or a command line was wrong; nothing was rendered.
        case invalidInput
        /// Reading or writing a file failed (missing, unreadable, not writable, not a regular file).
        case file
        /// An encoder, decoder or muxer (libavcodec, libavformat) reported an error.
        case codec
        /// The disk (or quota) filled up while writing.
        case diskFull
        /// A signal or a cancellation stopped the work.
        case interrupted
        /// Something failed that no input should cause (Cairo out of memory, a library's bug).
        case `internal`
    }

    /// Where a failure happened. Every part is optional; the description shows those that are set.
    public struct Location: Sendable, Equatable, CustomStringConvertible {
        /// The file being read or written.
        public var file: String?
        /// The 1-based line in ``file``.
        public var line: Int?
        /// The 1-based column (in characters) in ``line``.
        public var column: Int?
        /// The value's key path in a scene or batch file: `layers[1].bursts[3].count`.
        public var keyPath: String?
        /// The command-line flag that gave the value: `--fps`.
        public var flag: String?

        /// A location with the parts that are known; the others stay `nil`.
        public init(file: String? = nil, line: Int? = nil, column: Int? = nil, keyPath: String? = nil,
                    flag: String? = nil) {
            self.file = file
            self.line = line
            self.column = column
            self.keyPath = keyPath
            self.flag = flag
        }

        /// The name a message uses for the value: the flag, else the key path.
        public var valueName: String? { flag ?? keyPath }

        /// `file:line:column`, as much of it as is known; empty without a file.
        public var description: String {
            guard let file else { return "" }
            var text = file
            if let line {
                text += ":\(line)"
                if let column { text += ":\(column)" }
            }
            return text
        }
    }

    /// The category of this failure.
    public let kind: Kind
    /// Where it happened.
    public private(set) var location: Location
    /// What is wrong with the value, after its name: "must be between 1 and 1000; it is 0."
    /// `nil` when the message is a sentence of its own.
    private var requirement: String?
    /// The noun for the value when its location gives no name ("The frame rate"), or the whole
    /// sentence when ``requirement`` is `nil`.
    private var text: String
    /// The bad value as shown after "; it is" and what follows it, for an error made by
    /// ``mustBe(_:_:itIs:_:)``: kept apart so a reader that knows how the user wrote the value can
    /// show that instead (``writtenAs(_:)``).
    var found: Found?

    /// The bad value as shown, and the sentence after it (a "did you mean", the codecs that have it).
    struct Found: Sendable, Equatable {
        var value: String
        var followUp: String
    }

    /// Creates an error of the given kind with a complete sentence.
    public init(_ kind: Kind, _ message: String, at location: Location = Location()) {
        self.kind = kind
        self.text = message
        self.location = location
    }

    /// An error about one value: `subject` names it when the location does not ("The frame rate"),
    /// `requirement` says what is wrong ("must be between 1 and 1000; it is 0.").
    ///
    /// Every range check goes through here, so the same bad value reads the same from a scene file
    /// (`fps must be …`), a flag (`--fps must be …`) or Swift (`The frame rate must be …`).
    public init(invalid subject: String, _ requirement: String, at location: Location = Location()) {
        self.kind = .invalidInput
        self.text = subject
        self.requirement = requirement
        self.location = location
    }

    /// The sentence: the value's name (its flag or key path when known) and what is wrong.
    public var message: String {
        guard let requirement else { return text }
        guard let found else { return "\(location.valueName ?? text) \(requirement)" }
        return "\(location.valueName ?? text) \(requirement); it is \(found.value).\(found.followUp)"
    }

    /// The same error showing the bad value as `written` (a scene file's literal, a flag's text),
    /// when it is a "must be …; it is …" error about one value; otherwise unchanged.
    package func writtenAs(_ written: String) -> FlipbookError {
        guard found != nil else { return self }
        var copy = self
        copy.found?.value = written
        return copy
    }

    /// The message preceded by `file:line:column: ` when the error has a file.
    public var description: String {
        // A message that already names its file (most file errors do) is not prefixed twice.
        let place = location.description
        let message = self.message
        guard !place.isEmpty, location.line != nil || !message.contains(location.file ?? "") else { return message }
        return "\(place): \(message)"
    }

    public var errorDescription: String? { description }

    /// The same error, placed: parts already known are kept, except a key path, which is prefixed
    /// (`layers[1]` + `count` = `layers[1].count`).
    public func at(file: String? = nil, line: Int? = nil, column: Int? = nil, keyPath: String? = nil,
                   flag: String? = nil) -> FlipbookError {
        var copy = self
        if copy.location.file == nil, let file { copy.location.file = file }
        if copy.location.line == nil, let line {
            copy.location.line = line
            copy.location.column = column
        }
        if let keyPath {
            copy.location.keyPath = copy.location.keyPath.map { joinKeyPath(keyPath, $0) } ?? keyPath
        }
        if let flag { copy.location.flag = flag }
        return copy
    }

    /// The same error with no place in a file (file, line, column), its key path and flag kept: for
    /// a value a request or command line put over the file's own, which the file did not write.
    public func detachedFromFile() -> FlipbookError {
        var copy = self
        copy.location.file = nil
        copy.location.line = nil
        copy.location.column = nil
        return copy
    }

    /// The same error with a key path inside whatever prefix it already has, e.g. a check that knows
    /// only `count` nested under `bursts[3]`.
    public func nested(in prefix: String) -> FlipbookError { at(keyPath: prefix) }
}

/// `a` then `b`: `layers[1]` + `count` → `layers[1].count`; `bursts` + `[3]` → `bursts[3]`.
package func joinKeyPath(_ a: String, _ b: String) -> String {
    if a.isEmpty { return b }
    if b.isEmpty { return a }
    return b.hasPrefix("[") ? a + b : a + "." + b
}

extension FlipbookError {
    /// What the value must be, for an error made by ``mustBe(_:_:itIs:_:)``: "between 1 and 100"
    /// (the requirement without its "must be"); `nil` for any other error.
    package var mustBeRequirement: String? {
        guard found != nil, let requirement, requirement.hasPrefix("must be ") else { return nil }
        return String(requirement.dropFirst("must be ".count))
    }
}

extension FlipbookError {
    /// An invalid-input error: a value, a file's contents or a command line was wrong.
    public static func invalidInput(_ message: String, at location: Location = Location()) -> FlipbookError {
        FlipbookError(.invalidInput, message, at: location)
    }

    /// A file error: `path` could not be read or written.
    public static func file(_ message: String, path: String? = nil) -> FlipbookError {
        FlipbookError(.file, message, at: Location(file: path))
    }

    /// An internal error: a library failed in a way no input should cause.
    public static func `internal`(_ message: String) -> FlipbookError {
        FlipbookError(.internal, message)
    }

    /// The error for a failed write of `what` to `path` with the C library's `errno`: "disk full"
    /// (kind ``Kind/diskFull``) for ENOSPC and EDQUOT, a file error otherwise.
    public static func writeFailed(_ what: String, path: String, errno code: Int32) -> FlipbookError {
        if code == ENOSPC || code == EDQUOT {
            return FlipbookError(
                .diskFull, "Cannot write \(what) to \(path): the disk is full (\(String(cString: strerror(code)))).",
                at: Location(file: path))
        }
        return FlipbookError(
            .file, "Cannot write \(what) to \(path): \(String(cString: strerror(code))).", at: Location(file: path))
    }
}

/// A number as a person writes it: `3` rather than `3.0`, `0.5`, `1e+300`, `1e-9` rather than `1e-09`.
package func formatNumber(_ value: Double) -> String {
    if value.isFinite && value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
    // Swift pads a one-digit exponent with a zero; people do not.
    return "\(value)".replacingOccurrences(of: "e-0", with: "e-").replacingOccurrences(of: "e+0", with: "e+")
}
