import Foundation

/// One problem `flipbook check` found in a scene: how bad it is, the key to change (a JSON pointer
/// into the scene file), what is wrong and what to write instead.
public struct CheckFinding: Sendable, Equatable {
    /// Whether a render would refuse the scene (an error) or draw something the author likely did
    /// not mean (a warning).
    public enum Severity: String, Sendable, Equatable, CaseIterable {
        /// A render refuses the scene.
        case error
        /// The scene renders, but likely not as meant.
        case warning
    }

    /// What the finding is about; at most ``SceneCheck/limitPerRule`` of each are listed.
    public enum Rule: String, Sendable, Equatable, CaseIterable {
        /// Anything a render refuses: the file's form, a key, a value, a template, a missing file.
        case refused
        /// A font family the machine lacks, drawn with another.
        case font
        /// A text cut to fit its box.
        case textFit
        /// A layer wholly or partly off the canvas.
        case offCanvas
        /// A text outside the title-safe area.
        case titleSafe
        /// Text whose glyphs do not stand out from the pixels under them.
        case contrast
        /// A part of a Lottie animation rlottie does not draw.
        case lottie
        /// Captions that are never shown.
        case captions
        /// Sound that clips, or far from the loudness asked for.
        case audio
    }

    /// How bad it is.
    public var severity: Severity
    /// What it is about.
    public var rule: Rule
    /// The JSON pointer (RFC 6901) of the key to change: `/layers/1/font/size`; empty for the file
    /// as a whole or a command-line value.
    public var pointer: String
    /// What is wrong, in a sentence (with the file's line and column when it has them).
    public var message: String
    /// What to change, in the file's own terms: `font.size ≤ 41 fits the box`.
    public var fix: String

    /// A finding of `rule` at `pointer`.
    public init(_ severity: Severity, _ rule: Rule, pointer: String, message: String, fix: String) {
        self.severity = severity
        self.rule = rule
        self.pointer = pointer
        self.message = message
        self.fix = fix
    }
}

/// A key path as Flipbook's messages write it (`layers[1].font.size`) as a JSON pointer
/// (`/layers/1/font/size`), `~` and `/` in keys escaped as RFC 6901 says.
package func jsonPointer(ofKeyPath keyPath: String) -> String {
    var pointer = ""
    var token = ""
    func flush() {
        guard !token.isEmpty else { return }
        pointer += "/" + token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        token = ""
    }
    for character in keyPath {
        switch character {
        case ".", "[", "]": flush()
        default: token.append(character)
        }
    }
    flush()
    return pointer
}
