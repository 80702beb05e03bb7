import FlipbookDrawing
import Foundation

/// An SRT cue's text as players draw it (VLC, MPC-HC, FFmpeg's SubRip decoder): `<b>`, `<i>`, `<u>`,
/// `<s>` and `<font color=… size=… face=…>` are tags, read as spans; another tag is hidden when the
/// cue closes it and shown as written when it does not, as is a closing tag nothing opened; ASS
/// overrides (`{\an8}`) and MicroDVD codes (`{Y:i}`) are hidden; `\N` breaks the line and `\h` is a
/// hard space; character references are decoded; spaces at either end of a line are trimmed.
struct SRTCueText {
    static let styleTags: Set<String> = ["b", "i", "u", "s", "font"]

    private(set) var built = CueTextBuilder()
    /// Whether tags were nested deeper than ``WebVTTCueText/maximumDepth``, and the offset where.
    private(set) var tooDeepAt: Int?

    private struct Open {
        var tag: String
        var annotation: String?
        var color: Color?
        var start: Int
    }

    init(parsing text: String) {
        let scalars = Array(text.unicodeScalars)
        let lastClosing = Self.lastClosings(scalars)
        var open: [Open] = []
        // Unknown tags hidden so far and not yet closed, by name.
        var hidden: [String: Int] = [:]
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", let tag = Self.tag(scalars, at: index) {
                if tag.closing, let position = open.lastIndex(where: { $0.tag == tag.name }) {
                    while open.count > position { close(open.removeLast()) }
                    index = tag.next
                    continue
                }
                if tag.closing, let count = hidden[tag.name], count > 0 {
                    hidden[tag.name] = count - 1
                    index = tag.next
                    continue
                }
                if !tag.closing, Self.styleTags.contains(tag.name) {
                    guard open.count < WebVTTCueText.maximumDepth else {
                        tooDeepAt = index
                        return
                    }
                    let attributes = tag.attributes.trimmingCharacters(in: .whitespaces)
                    open.append(Open(tag: tag.name, annotation: attributes.isEmpty ? nil : attributes,
                                     color: tag.name == "font" ? Self.color(in: tag.attributes) : nil, start: built.nextOffset))
                    index = tag.next
                    continue
                }
                if !tag.closing, let closing = lastClosing[tag.name], closing > index {
                    hidden[tag.name, default: 0] += 1
                    index = tag.next
                    continue
                }
            } else if scalar == "{", let end = Self.overrideEnd(scalars, at: index) {
                index = end
                continue
            } else if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "N" || scalars[index + 1] == "h" {
                built.append(scalars[index + 1] == "N" ? "\n" : "\u{A0}")
                index += 2
                continue
            } else if scalar == "&", let (character, next) = CharacterReference.consume(scalars, ampersand: index) {
                built.append(character)
                index = next
                continue
            }
            built.append(scalar)
            index += 1
        }
        while let last = open.popLast() { close(last) }
    }

    private mutating func close(_ open: Open) {
        built.close(CaptionSpan(tag: open.tag, annotation: open.annotation, color: open.color, start: open.start, end: 0))
    }

    /// A tag at `scalars[index]` (a `<`): `<name attributes>` or `</name>`, the name a letter then
    /// letters, digits, `_` or `-`, in any case; `nil` when what follows the `<` is no tag (`2<3`).
    private static func tag(_ scalars: [Unicode.Scalar], at index: Int) -> (name: String, closing: Bool, attributes: String, next: Int)? {
        var position = index + 1
        let closing = position < scalars.count && scalars[position] == "/"
        if closing { position += 1 }
        guard position < scalars.count, scalars[position].properties.isAlphabetic, scalars[position].isASCII else { return nil }
        var name = String.UnicodeScalarView()
        while position < scalars.count, scalars[position].isASCII,
              scalars[position].properties.isAlphabetic || CaptionTimestamp.isDigit(scalars[position])
                || scalars[position] == "_" || scalars[position] == "-" {
            name.append(scalars[position])
            position += 1
        }
        var attributes = String.UnicodeScalarView()
        while position < scalars.count, scalars[position] != ">" {
            // A tag does not run on past the line it starts on, nor into another tag.
            if scalars[position] == "<" || scalars[position] == "\n" { return nil }
            attributes.append(scalars[position])
            position += 1
        }
        guard position < scalars.count, closing ? attributes.allSatisfy(isASCIIWhitespace) : true else { return nil }
        return (String(name).lowercased(), closing, String(attributes), position + 1)
    }

    /// Where the text last closes each tag name (`</name>`).
    private static func lastClosings(_ scalars: [Unicode.Scalar]) -> [String: Int] {
        var last: [String: Int] = [:]
        for index in scalars.indices where scalars[index] == "<" {
            if let tag = tag(scalars, at: index), tag.closing { last[tag.name] = index }
        }
        return last
    }

    /// The index after an ASS override `{\…}` or a MicroDVD code `{X:…}` starting at `index`;
    /// `nil` for braces around anything else (`{normal text}` is text).
    private static func overrideEnd(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
        guard index + 1 < scalars.count else { return nil }
        let isOverride = scalars[index + 1] == "\\"
            || (index + 2 < scalars.count && scalars[index + 1].properties.isAlphabetic && scalars[index + 2] == ":")
        guard isOverride, let close = scalars[(index + 1)...].firstIndex(where: { $0 == "}" || $0 == "\n" }), scalars[close] == "}"
        else { return nil }
        return close + 1
    }

    /// The colour of a `font` tag's `color` attribute (`"#0000FF"`, `red`, `00ff00`), when it has one.
    static func color(in attributes: String) -> Color? {
        let pattern = attributes.lowercased()
        guard let range = pattern.range(of: "color") else { return nil }
        var rest = pattern[range.upperBound...].drop { $0 == " " }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " }
        let value: Substring
        if let quote = rest.first, quote == "\"" || quote == "'" {
            value = rest.dropFirst().prefix { $0 != quote }
        } else {
            value = rest.prefix { $0 != " " && $0 != "\t" }
        }
        return Color(named: String(value))
    }
}
