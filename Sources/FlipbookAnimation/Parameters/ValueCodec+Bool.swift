import FlipbookDrawing
import Foundation

extension ValueCodec where Value == Bool {
    /// `true` or `false`.
    package static var bool: ValueCodec {
        ValueCodec(typeName: "true|false", expected: "true or false",
                   read: { json, keyPath, requirement in
                       guard case .bool(let value) = json.content else { throw json.invalid(keyPath, requirement) }
                       return value
                   },
                   write: { JSONValue(.bool($0)) })
    }
}
