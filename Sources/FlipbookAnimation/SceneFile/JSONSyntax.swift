import Foundation

/// A JSON syntax checker that says where the first error is (line and column, both from 1)
/// and what was expected there.
///
/// Foundation's decoder on Linux reports only "The given data was not valid JSON.", so scene files are
/// re-read with this checker when decoding fails, to point a person at the exact spot. It is as
/// lenient as that decoder about trailing commas (which it accepts) and strict about everything else.
struct JSONSyntaxError: Error, Equatable {
    var line: Int
    var column: Int
    /// "expected X but found Y".
    var problem: String
}

struct JSONSyntaxChecker {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// Returns the first syntax error in `data`, or `nil` when it is well-formed JSON.
    static func firstError(in data: Data) -> JSONSyntaxError? {
        var checker = JSONSyntaxChecker(bytes: Array(data))
        do {
            try checker.document()
            return nil
        } catch let error as JSONSyntaxError {
            return error
        } catch {
            return nil
        }
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is allowed, as JSONDecoder allows it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    private mutating func document() throws {
        skipWhitespace()
        try value()
        skipWhitespace()
        if index < bytes.count { throw failure(expected: "the end of the file after the top-level value") }
    }

    private mutating func value() throws {
        guard index < bytes.count else {
            throw failure(expected: "a value (an object, array, string, number, true, false or null)")
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default:
            // A bare word: fine if it is true, false or null; otherwise report the whole word.
            let start = index
            while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
            let word = String(decoding: bytes[start..<index], as: UTF8.self)
            guard ["true", "false", "null"].contains(word) else {
                index = start
                throw failure(
                    expected: "a value (an object, array, string, number, true, false or null"
                        + (word.isEmpty ? ")" : "; strings need double quotes)"),
                    found: word.isEmpty ? nil : "'\(word)'")
            }
        }
    }

    private mutating func object() throws {
        try enter()
        index += 1
        skipWhitespace()
        if peek(is: "}") { index += 1; depth -= 1; return }
        while true {
            guard peek(is: "\"") else { throw failure(expected: "a key in double quotes") }
            try string()
            skipWhitespace()
            guard peek(is: ":") else { throw failure(expected: "':' after the key") }
            index += 1
            skipWhitespace()
            try value()
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
    }

    private mutating func array() throws {
        try enter()
        index += 1
        skipWhitespace()
        if peek(is: "]") { index += 1; depth -= 1; return }
        while true {
            try value()
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
    }

    private mutating func string() throws {
        index += 1  // the opening quote
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    index += 1
                    for _ in 0..<4 {
                        guard index < bytes.count, isHexDigit(bytes[index]) else {
                            throw failure(expected: "four hex digits after \\u")
                        }
                        index += 1
                    }
                default:
                    throw failure(expected: "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX) after a backslash")
                }
            case 0..<0x20:
                throw failure(expected: "'\"' to close the string (a string cannot span lines; write \\n)")
            default:
                index += 1
            }
        }
        throw failure(expected: "'\"' to close the string")
    }

    private mutating func number() throws {
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
        while index < bytes.count,
              [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[index]) {
            index += 1
        }
    }

    private func peek(is character: Unicode.Scalar) -> Bool {
        index < bytes.count && bytes[index] == UInt8(ascii: character)
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// An error at the current position: line and column count characters, not bytes.
    private func failure(expected: String, found explicitFound: String? = nil) -> JSONSyntaxError {
        var line = 1, column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // not a UTF-8 continuation byte
                column += 1
            }
        }
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
        return JSONSyntaxError(line: line, column: column, problem: "expected \(expected) but found \(found)")
    }
}
