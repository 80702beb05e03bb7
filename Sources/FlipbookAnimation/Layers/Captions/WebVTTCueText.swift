import FlipbookDrawing
import Foundation

/// A WebVTT cue's text read by the specification's cue text parsing rules: its tokenizer (text with
/// character references decoded, start tags with classes and annotations, end tags, timestamp tags)
/// and the tree its tags build, kept as spans over the text as drawn. Ruby text is drawn after its
/// base in parentheses, as plain-text renderings of ruby are.
struct WebVTTCueText {
    /// The most tags open at once: far more than any caption nests, few enough to bound the work.
    static let maximumDepth = 100

    enum Token {
        case text(String.UnicodeScalarView)
        case startTag(name: String, classes: [String], annotation: String?)
        case endTag(String)
        case timestamp(String)
    }

    /// An open tag: what it is, and where its span starts.
    private struct Node {
        var tag: String
        var classes: [String]
        var annotation: String?
        var start: Int
    }

    private let scalars: [Unicode.Scalar]
    private var position = 0

    /// The parsed text.
    private(set) var built = CueTextBuilder()
    /// Whether tags were nested deeper than ``maximumDepth``, and the offset in the cue text where.
    private(set) var tooDeepAt: Int?

    /// `text` parsed, in a file read as WebVTT.
    init(parsing text: String) {
        scalars = Array(text.unicodeScalars)
        var open: [Node] = []
        while position < scalars.count {
            let tokenStart = position
            switch nextToken() {
            case .text(let characters):
                built.append(contentsOf: characters)
            case .startTag(let name, let classes, let annotation):
                guard ["c", "i", "b", "u", "ruby", "v", "lang"].contains(name) || (name == "rt" && open.last?.tag == "ruby")
                else { continue }
                guard open.count < Self.maximumDepth else {
                    tooDeepAt = tokenStart
                    return
                }
                let voice = name == "v" || name == "lang" ? (annotation ?? "") : nil
                if name == "rt" { built.append("(") }
                open.append(Node(tag: name, classes: classes.filter { !$0.isEmpty }, annotation: voice, start: built.nextOffset))
            case .endTag(let name):
                guard let current = open.last else { continue }
                if name == current.tag {
                    close(&open)
                } else if name == "ruby", current.tag == "rt" {
                    close(&open)
                    close(&open)
                }
            case .timestamp(let value):
                var scanner = ScalarScanner(value[...].unicodeScalars)
                if let time = CaptionTimestamp.webVTT(&scanner), scanner.isAtEnd { built.mark(time: time) }
            }
        }
        while !open.isEmpty { close(&open) }
    }

    /// Ends the innermost open tag's span; ruby text's closing parenthesis follows it.
    private mutating func close(_ open: inout [Node]) {
        let node = open.removeLast()
        built.close(CaptionSpan(tag: node.tag, classes: node.classes, annotation: node.annotation, start: node.start, end: 0))
        if node.tag == "rt" { built.append(")") }
    }

    private enum State {
        case data, tag, startTag, startTagClass, startTagAnnotation, endTag, timestampTag
    }

    /// The next token, by the specification's tokenizer.
    private mutating func nextToken() -> Token {
        var state = State.data
        var result = String.UnicodeScalarView()
        var buffer = String.UnicodeScalarView()
        var classes: [String] = []
        func startTag(annotation: String?) -> Token {
            .startTag(name: String(result), classes: classes, annotation: annotation)
        }
        while true {
            let c: Unicode.Scalar? = position < scalars.count ? scalars[position] : nil
            switch state {
            case .data:
                switch c {
                case "&":
                    if let (character, next) = CharacterReference.consume(scalars, ampersand: position) {
                        result.append(character)
                        position = next
                    } else {
                        result.append("&")
                        position += 1
                    }
                    continue
                case "<":
                    if !result.isEmpty { return .text(result) }
                    state = .tag
                case nil: return .text(result)
                case let c?: result.append(c)
                }
            case .tag:
                switch c {
                case "\t", "\n", "\u{C}", " ": state = .startTagAnnotation
                case ".": state = .startTagClass
                case "/": state = .endTag
                case let c? where ("0"..."9").contains(c):
                    result = String.UnicodeScalarView([c])
                    state = .timestampTag
                case ">":
                    position += 1
                    return startTag(annotation: nil)
                case nil: return startTag(annotation: nil)
                case let c?:
                    result = String.UnicodeScalarView([c])
                    state = .startTag
                }
            case .startTag:
                switch c {
                case "\t", "\u{C}", " ": state = .startTagAnnotation
                case "\n":
                    buffer = String.UnicodeScalarView(["\n"])
                    state = .startTagAnnotation
                case ".": state = .startTagClass
                case ">":
                    position += 1
                    return startTag(annotation: nil)
                case nil: return startTag(annotation: nil)
                case let c?: result.append(c)
                }
            case .startTagClass:
                switch c {
                case "\t", "\u{C}", " ", "\n":
                    classes.append(String(buffer))
                    buffer = c == "\n" ? String.UnicodeScalarView(["\n"]) : String.UnicodeScalarView()
                    state = .startTagAnnotation
                case ".":
                    classes.append(String(buffer))
                    buffer = String.UnicodeScalarView()
                case ">", nil:
                    if c != nil { position += 1 }
                    classes.append(String(buffer))
                    return startTag(annotation: nil)
                case let c?: buffer.append(c)
                }
            case .startTagAnnotation:
                switch c {
                case "&":
                    if let (character, next) = CharacterReference.consume(scalars, ampersand: position) {
                        buffer.append(character)
                        position = next
                    } else {
                        buffer.append("&")
                        position += 1
                    }
                    continue
                case ">", nil:
                    if c != nil { position += 1 }
                    let words = String(buffer).split(whereSeparator: { isASCIIWhitespace($0.unicodeScalars.first!) })
                    return startTag(annotation: words.joined(separator: " "))
                case let c?: buffer.append(c)
                }
            case .endTag:
                switch c {
                case ">", nil:
                    if c != nil { position += 1 }
                    return .endTag(String(result))
                case let c?: result.append(c)
                }
            case .timestampTag:
                switch c {
                case ">", nil:
                    if c != nil { position += 1 }
                    return .timestamp(String(result))
                case let c?: result.append(c)
                }
            }
            position += 1
        }
    }
}
