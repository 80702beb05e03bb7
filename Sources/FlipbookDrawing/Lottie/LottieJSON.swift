import Foundation

/// JSON as written, keys in their order and numbers as their text: what Flipbook hands rlottie after
/// filling slots and embedding images. rlottie's parser reads some keys only after others (a shape's
/// keys after its `ty`), so a file is never reordered, only edited in place.
indirect enum LottieJSON {
    case object([(key: String, value: LottieJSON)])
    case array([LottieJSON])
    case string(String)
    /// A number, a boolean or null, as written.
    case literal(String)

    /// Parses `data`, which JSONSerialization has already accepted (so it is valid JSON, its nesting
    /// bounded by ``checkNesting(_:limit:source:)``); `nil` if it cannot be read after all.
    init?(_ data: Data) {
        var parser = Parser(bytes: [UInt8](data))
        // A UTF-8 byte order mark, which JSONSerialization skips, is left out of the text handed on.
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.i = 3 }
        guard let value = parser.value() else { return nil }
        self = value
    }

    /// The member `key` of an object.
    subscript(key: String) -> LottieJSON? {
        get {
            guard case .object(let members) = self else { return nil }
            return members.first { $0.key == key }?.value
        }
        set {
            guard case .object(var members) = self else { return }
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
            self = .object(members)
        }
    }

    /// The JSON text.
    var data: Data {
        var out = ""
        write(to: &out)
        return Data(out.utf8)
    }

    private func write(to out: inout String) {
        switch self {
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                LottieJSON.string(member.key).write(to: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .string(let text):
            out += "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            out += "\""
        case .literal(let text):
            out += text
        }
    }
}

/// A recursive-descent reader of JSON already known to be valid.
private struct Parser {
    let bytes: [UInt8]
    var i = 0

    mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    mutating func value() -> LottieJSON? {
        skipSpace()
        guard i < bytes.count else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var members: [(key: String, value: LottieJSON)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            while true {
                skipSpace()
                guard case .string(let key)? = string() else { return nil }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                i += 1
                guard let member = value() else { return nil }
                members.append((key, member))
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                guard bytes[i] == UInt8(ascii: "}") else { return nil }
                i += 1
                return .object(members)
            }
        case UInt8(ascii: "["):
            i += 1
            var elements: [LottieJSON] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
            while true {
                guard let element = value() else { return nil }
                elements.append(element)
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                guard bytes[i] == UInt8(ascii: "]") else { return nil }
                i += 1
                return .array(elements)
            }
        case UInt8(ascii: "\""):
            return string()
        default:
            let start = i
            while i < bytes.count, !",]} \t\r\n".utf8.contains(bytes[i]) { i += 1 }
            return .literal(String(decoding: bytes[start..<i], as: UTF8.self))
        }
    }

    /// A string, its escapes decoded by JSONSerialization (the text between the quotes, as a JSON fragment).
    mutating func string() -> LottieJSON? {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
        let start = i
        i += 1
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
        guard i < bytes.count else { return nil }
        i += 1
        if !bytes[start..<i].contains(UInt8(ascii: "\\")) {
            return .string(String(decoding: bytes[(start + 1)..<(i - 1)], as: UTF8.self))
        }
        let quoted = Data(bytes[start..<i])
        guard let text = try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed) as? String else { return nil }
        return .string(text)
    }
}
