import FlipbookDrawing
import Foundation

/// Something a captions file's reader skipped or replaced: the file still reads, and the message
/// says what was left out and where (`talk.srt:12: the timing line "00:00:0x,000 --> …" is not …`).
public struct CaptionWarning: Sendable, Equatable, CustomStringConvertible {
    /// The file, as messages name it.
    public var path: String
    /// The 1-based line it concerns; 0 for the file as a whole.
    public var line: Int
    /// What was skipped or replaced, and why.
    public var message: String

    /// A warning about `line` of the file at `path`.
    public init(path: String, line: Int, _ message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// `path:line: message`, as compilers place a message.
    public var description: String { line > 0 ? "\(path):\(line): \(message)" : "\(path): \(message)" }
}

/// The warnings of one file as it is read: the first ``limit`` kept, the rest counted, so a file of
/// a million bad lines costs a hundred messages.
struct CaptionWarnings {
    static let limit = 100

    var path: String
    private(set) var kept: [CaptionWarning] = []
    private var dropped = 0

    init(path: String) { self.path = path }

    mutating func add(line: Int, _ message: String) {
        guard kept.count < Self.limit else {
            dropped += 1
            return
        }
        kept.append(CaptionWarning(path: path, line: line, message))
    }

    /// The warnings kept, and one more counting those left out.
    var all: [CaptionWarning] {
        guard dropped > 0 else { return kept }
        return kept + [CaptionWarning(path: path, line: 0, "\(dropped) more warning\(dropped == 1 ? "" : "s") like these.")]
    }
}

/// `text` in double quotes as a message shows a line of a file: as written, with control characters
/// escaped (`\t`, `\r`, `\u{0}`) so no message writes a raw NUL or escape to the terminal, and cut
/// after ``quotedLength`` characters.
func quoted<S: StringProtocol>(_ text: S) -> String {
    var shown = ""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == quotedLength {
            shown += "…"
            break
        }
        count += 1
        switch scalar {
        case "\t": shown += "\\t"
        case "\r": shown += "\\r"
        case "\n": shown += "\\n"
        default:
            if scalar.properties.generalCategory == .control {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
    }
    return "\"" + shown + "\""
}

/// The most characters of a line a message quotes.
let quotedLength = 80
