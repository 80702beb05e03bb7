import FlipbookDrawing
import Foundation

/// Any string key, for checking a JSON object's keys against the ones a type knows.
struct AnyKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
}

extension Decoder {
    /// Throws when the JSON object has a key not in `known`, so a misspelt parameter is reported
    /// instead of silently falling back to its default.
    func rejectUnknownKeys(_ known: [String], in what: String) throws {
        let container = try container(keyedBy: AnyKey.self)
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue })
        where !known.contains(key.stringValue) {
            let suggestion = didYouMean(key.stringValue, among: known)
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "'\(key.stringValue)' is not a key of \(what).\(suggestion) Known keys: "
                    + known.joined(separator: ", ") + ".")
        }
    }
}

// Geometry in scene files: a size is [w, h] or {"width", "height"}; a point [x, y] or {"x", "y"};
// a vector [dx, dy] or {"dx", "dy"}; a rectangle [x, y, w, h] or {"x", "y", "width", "height"};
// a range [low, high] or a single number (low = high). Encoding always writes the array forms.
extension KeyedDecodingContainer {
    func decodeNumbers(_ count: Int, names: [String], forKey key: Key, what: String) throws -> [Double]? {
        guard contains(key) else { return nil }
        if let array = try? decode([Double].self, forKey: key) {
            guard array.count == count else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self,
                    debugDescription: "expected \(what) as \(count) numbers [\(names.joined(separator: ", "))] "
                        + "but found \(array.count)")
            }
            return array
        }
        if let object = try? decode([String: Double].self, forKey: key) {
            let values = names.compactMap { object[$0] }
            guard values.count == count, object.count == count else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self,
                    debugDescription: "expected \(what) as {\(names.map { "\"\($0)\"" }.joined(separator: ", "))} "
                        + "but found the keys \(object.keys.sorted().joined(separator: ", "))")
            }
            return values
        }
        throw DecodingError.typeMismatch(
            [Double].self,
            DecodingError.Context(
                codingPath: codingPath + [key],
                debugDescription: "expected \(what) as [\(names.joined(separator: ", "))] or "
                    + "{\(names.map { "\"\($0)\"" }.joined(separator: ", "))} with numbers"))
    }

    /// A whole number. Foundation reports a fraction or an out-of-range number for an integer key as
    /// unreadable JSON with no key path, so this names the key and the number instead.
    func decodeWholeIfPresent<T: FixedWidthInteger & Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let value = try? decode(T.self, forKey: key) { return value }
        if let number = try? decode(Double.self, forKey: key) {
            let range = T.self == Int.self ? "" : " from \(T.min) to \(T.max)"
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a whole number\(range) but found \(numberText(number))")
        }
        return try decode(T.self, forKey: key)  // rethrows the type mismatch ("found a string")
    }

    func decodeSize(forKey key: Key) throws -> CGSize? {
        try decodeNumbers(2, names: ["width", "height"], forKey: key, what: "a size").map {
            CGSize(width: $0[0], height: $0[1])
        }
    }

    func decodePoint(forKey key: Key) throws -> CGPoint? {
        try decodeNumbers(2, names: ["x", "y"], forKey: key, what: "a point").map { CGPoint(x: $0[0], y: $0[1]) }
    }

    func decodeVector(forKey key: Key) throws -> CGVector? {
        try decodeNumbers(2, names: ["dx", "dy"], forKey: key, what: "a vector").map { CGVector(dx: $0[0], dy: $0[1]) }
    }

    func decodeRect(forKey key: Key) throws -> CGRect? {
        try decodeNumbers(4, names: ["x", "y", "width", "height"], forKey: key, what: "a rectangle").map {
            CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3])
        }
    }

    func decodeRange(forKey key: Key) throws -> ClosedRange<Double>? {
        guard contains(key) else { return nil }
        if let single = try? decode(Double.self, forKey: key) { return single...single }
        guard let pair = try? decode([Double].self, forKey: key), pair.count == 2 else {
            throw DecodingError.typeMismatch(
                [Double].self,
                DecodingError.Context(codingPath: codingPath + [key],
                                      debugDescription: "expected a range as [low, high] or a single number"))
        }
        // ClosedRange traps on low > high, so this must be checked before building it.
        guard pair[0] <= pair[1] else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "expected a range [low, high] with low ≤ high but found [\(number(pair[0])), \(number(pair[1]))]")
        }
        return pair[0]...pair[1]
    }

    func decodeSizes(forKey key: Key) throws -> [CGSize]? {
        guard contains(key) else { return nil }
        var list = try nestedUnkeyedContainer(forKey: key)
        var sizes: [CGSize] = []
        while !list.isAtEnd {
            let wrapper = try list.decode(FlexibleSize.self)
            sizes.append(wrapper.size)
        }
        return sizes
    }

    func decodePoints(forKey key: Key) throws -> [CGPoint]? {
        guard contains(key) else { return nil }
        var list = try nestedUnkeyedContainer(forKey: key)
        var points: [CGPoint] = []
        while !list.isAtEnd { points.append(try list.decode(FlexiblePoint.self).point) }
        return points
    }
}

extension KeyedEncodingContainer {
    mutating func encodeSize(_ size: CGSize, forKey key: Key) throws {
        try encode([Double(size.width), Double(size.height)], forKey: key)
    }
    mutating func encodePoint(_ point: CGPoint, forKey key: Key) throws {
        try encode([Double(point.x), Double(point.y)], forKey: key)
    }
    mutating func encodeRange(_ range: ClosedRange<Double>, forKey key: Key) throws {
        try encode([range.lowerBound, range.upperBound], forKey: key)
    }
}

/// A size inside a list, in either geometry form.
private struct FlexibleSize: Decodable {
    var size: CGSize
    init(from decoder: any Decoder) throws {
        if let pair = try? decoder.singleValueContainer().decode([Double].self), pair.count == 2 {
            size = CGSize(width: pair[0], height: pair[1])
            return
        }
        let container = try decoder.container(keyedBy: AnyKey.self)
        size = CGSize(width: try container.decode(Double.self, forKey: AnyKey("width")),
                      height: try container.decode(Double.self, forKey: AnyKey("height")))
    }
}

/// A point inside a list, in either geometry form.
private struct FlexiblePoint: Decodable {
    var point: CGPoint
    init(from decoder: any Decoder) throws {
        if let pair = try? decoder.singleValueContainer().decode([Double].self), pair.count == 2 {
            point = CGPoint(x: pair[0], y: pair[1])
            return
        }
        let container = try decoder.container(keyedBy: AnyKey.self)
        point = CGPoint(x: try container.decode(Double.self, forKey: AnyKey("x")),
                        y: try container.decode(Double.self, forKey: AnyKey("y")))
    }
}

/// One object or a list of them: `"rain": {...}` and `"rain": [{...}, {...}]` both work.
struct OneOrMany<Element: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    var elements: [Element]
    init(_ elements: [Element]) { self.elements = elements }
    init(from decoder: any Decoder) throws {
        if (try? decoder.container(keyedBy: AnyKey.self)) != nil {
            elements = [try Element(from: decoder)]
        } else {
            elements = try [Element](from: decoder)
        }
    }
    func encode(to encoder: any Encoder) throws {
        try elements.encode(to: encoder)
    }
}

/// A number as written in a file: `29.97`, `-1`, `1e+30`.
func numberText(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
}
