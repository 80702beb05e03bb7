import FlipbookDrawing
import Foundation

/// Throws an invalid-argument error "`keyPath` must be `requirement`; it is `value`." unless `condition`.
///
/// Every range check in the scenes and the scene file goes through here, so messages read alike and
/// name the parameter the way a scene file spells it (e.g. `layers[1].bursts[0].count`).
func check(_ condition: Bool, _ keyPath: String, _ requirement: String, _ value: Any) throws {
    guard condition else {
        let shown: String
        switch value {
        case let v as Double: shown = number(v)
        case let v as CGFloat: shown = number(v)
        default: shown = "\(value)"
        }
        throw FlipbookError.invalidInput("\(keyPath) must be \(requirement); it is \(shown).")
    }
}
