import FlipbookDrawing
import Foundation

// `Codable` for the types a scene file describes, through their parameter tables, so `JSONEncoder`
// and `JSONDecoder` read and write the same keys, defaults and limits as the scene-file reader
// (but without line and column: only ``JSONReader`` knows those).

extension ValueCodec {
    /// Reads a value of this codec from any decoder; errors are ``FlipbookError``s naming the key path.
    package func decode(from decoder: any Decoder) throws -> Value {
        try read(try JSONValue(from: decoder), keyPath(decoder.codingPath), expected)
    }

    /// Writes `value` to any encoder, as the scene-file writer would.
    package func encode(_ value: Value, to encoder: any Encoder) throws {
        try write(value).encode(to: encoder)
    }

    private func keyPath(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("") { path, key in
            joinKeyPath(path, key.intValue.map { "[\($0)]" } ?? key.stringValue)
        }
    }
}
