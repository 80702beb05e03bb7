import FlipbookAnimation
import Foundation

/// A scene file's `"duration"` as written: seconds, or `"auto"`.
enum SceneDuration: Equatable, Sendable {
    case seconds(TimeInterval)
    case auto
}

extension SceneFile {
    /// ``duration`` and ``durationIsAuto`` as the one key they are written as.
    var durationSetting: SceneDuration? {
        get { durationIsAuto ? .auto : duration.map(SceneDuration.seconds) }
        set {
            switch newValue {
            case .auto?:
                duration = nil
                durationIsAuto = true
            case .seconds(let seconds)?: duration = seconds
            case nil:
                duration = nil
                durationIsAuto = false
            }
        }
    }
}

extension ValueCodec where Value == SceneDuration {
    /// A number of seconds, or `"auto"`: until the last layer ends.
    static var durationOrAuto: ValueCodec {
        ValueCodec(typeName: "number or \"auto\"", expected: "a number of seconds or \"auto\"", isScalar: true,
                   read: { json, keyPath, requirement in
                       if case .string("auto") = json.content { return .auto }
                       return .seconds(try json.number(keyPath, requirement))
                   },
                   write: { value in
                       switch value {
                       case .seconds(let seconds): .number(seconds)
                       case .auto: .string("auto")
                       }
                   },
                   numbers: { value in
                       if case .seconds(let seconds) = value { return [seconds] }
                       return []
                   })
    }
}
