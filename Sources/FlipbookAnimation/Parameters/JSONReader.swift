import FlipbookDrawing
import Foundation

/// Reads JSON text into a ``JSONValue`` tree that knows each value's line and column, and for broken
/// JSON says where the first error is and what was expected there.
///
/// It is as lenient as Foundation's decoder about trailing commas (which it accepts) and strict about
/// everything else. A key given twice in one object is an error, since one of the two would be lost.
package struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    // The current line and the index where it starts, so positions cost one line's scan at most.
    private var line = 1
    private var lineStart = 0
    // How far along the current line columns have been counted, so a long one-line file is
    // counted once rather than once per value.
    private var countedIndex = 0
    private var countedColumn = 1

    /// The document in `data`.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) at the line and column of the first syntax error:
    ///   "malformed JSON: expected ',' or '}' after a value in an object but found '2'."
    package static func read(_ data: Data) throws -> JSONValue {
        var reader = JSONReader(bytes: Array(data))
        return try reader.document()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is allowed, as JSONDecoder allows it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
    }

    private mutating func document() throws -> JSONValue {
        skipWhitespace()
        let result = try value()
        skipWhitespace()
        if index < bytes.count { throw failure(expected: "the end of the file after the top-level value") }
        return result
    }

    private mutating func value() throws -> JSONValue {
        guard index < bytes.count else {
            throw failure(expected: "a value (an object, array, string, number, true, false or null)")
        }
        let (line, column) = currentPosition()
        func at(_ content: JSONValue.Content) -> JSONValue { JSONValue(content, line: line, column: column) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return at(.object(try object()))
        case UInt8(ascii: "["): return at(.array(try array()))
        case UInt8(ascii: "\""): return at(.string(try string()))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let literal = try number()
            // Too large for a Double becomes ±infinity here; the parameter's range check reports it.
            return at(.number(Double(literal) ?? .nan, literal: literal))
        default:
            // A bare word: fine if it is true, false or null; otherwise report the whole word.
            let start = index
            while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
            let word = String(decoding: bytes[start..<index], as: UTF8.self)
            switch word {
            case "true": return at(.bool(true))
            case "false": return at(.bool(false))
            case "null": return at(.null)
            default:
                index = start
                throw failure(
                    expected: "a value (an object, array, string, number, true, false or null"
                        + (word.isEmpty ? ")" : "; strings need double quotes)"),
                    found: word.isEmpty ? nil : "'\(word)'")
            }
        }
    }

    private mutating func object() throws -> [JSONValue.Member] {
        try enter()
        index += 1
        skipWhitespace()
        var members: [JSONValue.Member] = []
        if peek(is: "}") { index += 1; depth -= 1; return members }
        while true {
            guard peek(is: "\"") else { throw failure(expected: "a key in double quotes") }
            let keyStart = index
            let (keyLine, keyColumn) = currentPosition()
            let key = try string()
            if let earlier = members.first(where: { $0.key == key }) {
                index = keyStart
                throw failure(
                    expected: "each key once (\"\(key)\" is already at line \(earlier.value.line))",
                    found: "\"\(key)\" again")
            }
            skipWhitespace()
            guard peek(is: ":") else { throw failure(expected: "':' after the key") }
            index += 1
            skipWhitespace()
            members.append(JSONValue.Member(key: key, value: try value(), line: keyLine, column: keyColumn))
            skipWhitespace()
            if peek(is: ",") {
                index += 1
                skipWhitespace()
                if peek(is: "}") { break }  // a trailing comma, which Foundation accepts
                continue
            }
            guard peek(is: "}") else { throw failure(expected: "',' or '}' after a value in an object") }
            break
        }
        index += 1
        depth -= 1
        return members
    }

    private mutating func array() throws -> [JSONValue] {
        try enter()
        index += 1
        skipWhitespace()
        var elements: [JSONValue] = []
        if peek(is: "]") { index += 1; depth -= 1; return elements }
        while true {
            elements.append(try value())
            skipWhitespace()
            if peek(is: ",") {
                index += 1
                skipWhitespace()
                if peek(is: "]") { break }
                continue
            }
            guard peek(is: "]") else { throw failure(expected: "',' or ']' after a value in an array") }
            break
        }
        index += 1
        depth -= 1
        return elements
    }

    private mutating func string() throws -> String {
        index += 1  // the opening quote
        var utf8: [UInt8] = []
        var pendingHighSurrogate: UInt32?
        func append(_ scalar: UInt32) {
            if let high = pendingHighSurrogate {
                pendingHighSurrogate = nil
                if (0xDC00...0xDFFF).contains(scalar) {
                    append(0x10000 + ((high - 0xD800) << 10) + (scalar - 0xDC00))
                    return
                }
                utf8 += Array("\u{FFFD}".utf8)
            }
            if (0xD800...0xDBFF).contains(scalar) { pendingHighSurrogate = scalar; return }
            let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            utf8 += Array(String(Character(character)).utf8)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                if pendingHighSurrogate != nil { utf8 += Array("\u{FFFD}".utf8) }
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escapes: [UInt8: UInt32] = [
                    UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
                    UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
                    UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
                ]
                if let scalar = escapes[bytes[index]] {
                    index += 1
                    append(scalar)
                } else if bytes[index] == UInt8(ascii: "u") {
                    index += 1
                    var scalar: UInt32 = 0
                    for _ in 0..<4 {
                        guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                            throw failure(expected: "four hex digits after \\u")
                        }
                        scalar = scalar * 16 + digit
                        index += 1
                    }
                    append(scalar)
                } else {
                    throw failure(expected: "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX) after a backslash")
                }
            case 0..<0x20:
                throw failure(expected: "'\"' to close the string (a string cannot span lines; write \\n)")
            default:
                if pendingHighSurrogate != nil {
                    pendingHighSurrogate = nil
                    utf8 += Array("\u{FFFD}".utf8)
                }
                utf8.append(byte)
                index += 1
            }
        }
        throw failure(expected: "'\"' to close the string")
    }

    /// The number's text, checked against JSON's grammar.
    private mutating func number() throws -> String {
        let start = index
        if peek(is: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure(expected: "a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw failure(expected: "'.', 'e' or the end of the number (JSON numbers have no leading zeros)")
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(is: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure(expected: "a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(is: "e") || peek(is: "E") {
            index += 1
            if peek(is: "+") || peek(is: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure(expected: "a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || isDigit(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private mutating func enter() throws {
        depth += 1
        // Deep enough for any scene file, shallow enough never to exhaust the stack.
        guard depth <= 512 else { throw failure(expected: "at most 512 levels of nesting") }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            default:
                return
            }
        }
    }

    private func peek(is character: Unicode.Scalar) -> Bool {
        index < bytes.count && bytes[index] == UInt8(ascii: character)
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// ``position()``, counting on from where the last call stopped (indices only grow).
    private mutating func currentPosition() -> (line: Int, column: Int) {
        if countedIndex < lineStart {
            countedIndex = lineStart
            countedColumn = 1
        }
        while countedIndex < min(index, bytes.count) {
            if bytes[countedIndex] & 0xC0 != 0x80 { countedColumn += 1 }
            countedIndex += 1
        }
        return (line, countedColumn)
    }

    /// The line and column (both from 1; columns count characters, not bytes) of the current index.
    /// Newlines only occur between tokens (strings cannot span lines), so `line` is always current.
    private func position() -> (line: Int, column: Int) {
        var column = 1
        for byte in bytes[min(lineStart, bytes.count)..<min(index, bytes.count)] where byte & 0xC0 != 0x80 {
            column += 1
        }
        return (line, column)
    }

    /// An error at the current position.
    private func failure(expected: String, found explicitFound: String? = nil) -> FlipbookError {
        let (line, column) = position()
        let found: String
        if let explicitFound {
            found = explicitFound
        } else if index >= bytes.count {
            found = "the end of the file"
        } else {
            // Show the whole character, even when it takes several bytes.
            var end = index + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            let text = String(decoding: bytes[index..<end], as: UTF8.self)
            switch text {
            case "\n": found = "the end of the line"
            case "\t": found = "a tab"
            default: found = "'\(text)'"
            }
        }
        return FlipbookError.invalidInput(
            "malformed JSON: expected \(expected) but found \(found).",
            at: FlipbookError.Location(line: line, column: column))
    }
}
