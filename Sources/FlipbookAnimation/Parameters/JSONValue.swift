import FlipbookDrawing
import Foundation

/// A JSON value as read from a file, remembering where it starts (line and column from 1), so an
/// error about any value — a misspelt key, a number out of range — can point at it.
///
/// Scene files are read into this tree rather than through `JSONDecoder`, which on Linux says only
/// "not valid JSON" for a number too large for a `Double` and gives no position for a wrong value.
package struct JSONValue: Sendable, Equatable {
    /// One key and its value in an object, in file order.
    package struct Member: Sendable, Equatable {
        package var key: String
        package var value: JSONValue
        /// Where the key starts; 0 in memory.
        package var line = 0
        package var column = 0
    }

    package enum Content: Sendable, Equatable {
        case object([Member])
        case array([JSONValue])
        case string(String)
        /// The number and its text as written, so a message can quote `1e999` rather than `inf`.
        case number(Double, literal: String)
        case bool(Bool)
        case null
    }

    package var content: Content
    /// Where the value starts; 0 for values made in memory.
    package var line = 0
    package var column = 0

    package init(_ content: Content, line: Int = 0, column: Int = 0) {
        self.content = content
        self.line = line
        self.column = column
    }

    package static func number(_ value: Double) -> JSONValue {
        JSONValue(.number(value, literal: formatNumber(value)))
    }

    package static func string(_ text: String) -> JSONValue { JSONValue(.string(text)) }

    package static func array(_ values: [JSONValue]) -> JSONValue { JSONValue(.array(values)) }

    package static func numbers(_ values: [Double]) -> JSONValue { .array(values.map(JSONValue.number)) }

    package static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        JSONValue(.object(members.map { Member(key: $0.0, value: $0.1) }))
    }

    /// The value's position as a location (no file yet; the reader of the file adds it).
    package func location(keyPath: String) -> FlipbookError.Location {
        FlipbookError.Location(line: line > 0 ? line : nil, column: line > 0 ? column : nil,
                               keyPath: keyPath.isEmpty ? nil : keyPath)
    }

    /// The value as written, for "it is …" in messages: numbers keep their literal text (`1e999`).
    package var literalText: String {
        switch content {
        case .number(_, let literal): literal
        case .array(let elements): "[" + elements.map(\.literalText).joined(separator: ", ") + "]"
        case .object: "an object"
        case .string(let text): JSONValue.quoted(text)
        case .bool(let value): "\(value)"
        case .null: "null"
        }
    }

    /// What the value is, in JSON's words, for "it is a string" messages.
    package var kindDescription: String {
        switch content {
        case .object: "an object"
        case .array: "a list"
        case .string(let text): "a string (\"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\")"
        case .number(_, let literal): literal
        case .bool(let value): "\(value)"
        case .null: "null"
        }
    }

    /// The members of an object, or `nil`.
    package var members: [Member]? {
        if case .object(let members) = content { return members }
        return nil
    }

    /// The elements of a list, or `nil`.
    package var elements: [JSONValue]? {
        if case .array(let elements) = content { return elements }
        return nil
    }

    package var isNull: Bool { content == .null }
}

extension JSONValue {
    /// Pretty-printed JSON text: two-space indents, objects one member a line, short lists of
    /// numbers on one line (sizes, ranges and points read as they are written by hand).
    package func text(indent: String = "") -> String {
        switch content {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        // The literal keeps every digit of a seed above 2⁵³; JSON has no infinity or NaN.
        case .number(let value, let literal): return value.isFinite ? literal : "null"
        case .string(let text): return JSONValue.quoted(text)
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            if elements.allSatisfy({ if case .number = $0.content { true } else { false } }) {
                return "[" + elements.map { $0.text() }.joined(separator: ", ") + "]"
            }
            let inner = indent + "  "
            return "[\n" + elements.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let inner = indent + "  "
            return "{\n" + members.map { inner + JSONValue.quoted($0.key) + ": " + $0.value.text(indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// The value on one line: `["red", "orange"]`, `{"kind": "point", "spread": 90}`.
    package var compactText: String {
        switch content {
        case .array(let elements): "[" + elements.map(\.compactText).joined(separator: ", ") + "]"
        // The literal, so a message about a Swift value says `nan` or `inf` (a file would say null).
        case .number(_, let literal): literal
        case .object(let members):
            "{" + members.map { JSONValue.quoted($0.key) + ": " + $0.value.compactText }.joined(separator: ", ") + "}"
        default: text()
        }
    }

    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// Any JSON value through `Codable`, so types read by parameter tables can still be decoded from
/// and encoded to any coder (without positions: those come only from ``JSONReader``).
extension JSONValue: Codable {
    package init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !list.isAtEnd { elements.append(try list.decode(JSONValue.self)) }
            self.init(.array(elements))
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            let members = try object.allKeys.map { Member(key: $0.stringValue, value: try object.decode(JSONValue.self, forKey: $0)) }
            self.init(.object(members.sorted { $0.key < $1.key }))
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self.init(.null)
            } else if let value = try? single.decode(Bool.self) {
                self.init(.bool(value))
            } else if let value = try? single.decode(Int.self) {
                self.init(.number(Double(value), literal: String(value)))
            } else if let value = try? single.decode(UInt64.self) {
                // Above Int.max (a seed): keep the digits a Double would round.
                self.init(.number(Double(value), literal: String(value)))
            } else if let value = try? single.decode(Double.self) {
                self.init(.number(value, literal: formatNumber(value)))
            } else {
                self.init(.string(try single.decode(String.self)))
            }
        }
    }

    package func encode(to encoder: any Encoder) throws {
        switch content {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .number(let value, let literal):
            var single = encoder.singleValueContainer()
            // Whole numbers as integers, from their digits, so seeds above 2⁵³ keep every digit.
            if let whole = Int(literal) {
                try single.encode(whole)
            } else if let whole = UInt64(literal) {
                try single.encode(whole)
            } else {
                try single.encode(value)
            }
        case .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        case .array(let elements):
            var list = encoder.unkeyedContainer()
            for element in elements { try list.encode(element) }
        case .object(let members):
            var object = encoder.container(keyedBy: AnyKey.self)
            for member in members { try object.encode(member.value, forKey: AnyKey(member.key)) }
        }
    }
}

/// Any string key.
package struct AnyKey: CodingKey, Hashable {
    package var stringValue: String
    package var intValue: Int?
    package init(_ string: String) { stringValue = string }
    package init?(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
}
