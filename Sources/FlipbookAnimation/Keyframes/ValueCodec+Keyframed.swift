import FlipbookDrawing
import Foundation

// A keyframable value in a scene file: the value as `base` writes it, or a list of keyframe objects
// `{"time": t, "value": v}` with at most one of `"curve": "easeOut"`, `"spring": {…}` and
// `"hold": true`. A list whose elements are objects is keyframes; any other form is read by `base`
// (so a point `[x, y]` stays a point).

extension ValueCodec {
    /// `base`'s value, or keyframes of it.
    package static func keyframed<V>(_ base: ValueCodec<V>) -> ValueCodec<Keyframed<V>> where Value == Keyframed<V> {
        let keyframeKeys = ["time", "value", "curve", "spring", "hold"]
        return ValueCodec<Keyframed<V>>(
            typeName: base.typeName + " or keyframes",
            expected: base.expected + ", or a list of keyframes {\"time\", \"value\"}",
            isScalar: base.isScalar,
            read: { json, keyPath, requirement in
                guard let elements = json.elements, let first = elements.first, first.members != nil else {
                    return Keyframed(try base.read(json, keyPath, requirement))
                }
                let keys = try elements.enumerated().map { index, element -> Keyframed<V>.Key in
                    let path = "\(keyPath)[\(index)]"
                    guard let members = element.members else {
                        throw element.invalid(path, "a keyframe {\"time\", \"value\"}")
                    }
                    for member in members where !keyframeKeys.contains(member.key) {
                        let memberPath = joinKeyPath(path, member.key)
                        throw FlipbookError(
                            invalid: memberPath,
                            "is not a key of a keyframe.\(didYouMean(member.key, among: keyframeKeys)) Known keys: "
                                + keyframeKeys.joined(separator: ", ") + ".",
                            at: member.value.location(keyPath: memberPath))
                    }
                    func member(_ key: String) throws -> JSONValue {
                        guard let value = members.first(where: { $0.key == key })?.value, !value.isNull else {
                            throw FlipbookError(invalid: joinKeyPath(path, key), "is missing; a keyframe needs it.",
                                                at: element.location(keyPath: joinKeyPath(path, key)))
                        }
                        return value
                    }
                    let time = try member("time").number(joinKeyPath(path, "time"), "a number of seconds")
                    let value = try base.read(member("value"), joinKeyPath(path, "value"), base.expected)
                    var motions: [(key: String, motion: Keyframed<V>.Motion)] = []
                    for member in members where !member.value.isNull {
                        let memberPath = joinKeyPath(path, member.key)
                        switch member.key {
                        case "curve":
                            let name = try member.value.string(memberPath, UnitCurve.fileRequirement)
                            motions.append(("curve", .curve(try UnitCurve.read(name, member.value, memberPath))))
                        case "spring":
                            motions.append(("spring", .spring(try Spring.read(member.value, memberPath))))
                        case "hold":
                            guard case .bool(let isHeld) = member.value.content else {
                                throw member.value.invalid(memberPath, "true or false")
                            }
                            if isHeld { motions.append(("hold", .hold)) }
                        default:
                            break
                        }
                    }
                    // A keyframe is reached one way: two would contradict each other.
                    guard motions.count <= 1 else {
                        throw FlipbookError(
                            invalid: path,
                            "must have at most one of curve, spring and hold; it has "
                                + motions.map(\.key).joined(separator: " and ") + ".",
                            at: element.location(keyPath: path))
                    }
                    return Keyframed<V>.Key(time: time, value: value, motion: motions.first?.motion ?? .linear)
                }
                return Keyframed(keys: keys)
            },
            write: { keyframed in
                if let value = keyframed.constantValue { return base.write(value) }
                return .array(keyframed.keys.map { key in
                    var members: [(String, JSONValue)] = [("time", .number(key.time)), ("value", base.write(key.value))]
                    switch key.motion {
                    case .linear: break
                    case .hold: members.append(("hold", JSONValue(.bool(true))))
                    case .curve(let curve): members.append(("curve", .string(curve.fileName)))
                    case .spring(let spring): members.append(("spring", spring.fileValue))
                    }
                    return .object(members)
                })
            },
            numbers: { $0.keys.flatMap { base.numbers($0.value) } },
            validateNested: { keyframed, keyPath in
                try keyframed.validate(keyPath: keyPath)
                guard let nested = base.validateNested else { return }
                if let value = keyframed.constantValue { return try nested(value, keyPath) }
                for (index, key) in keyframed.keys.enumerated() { try nested(key.value, "\(keyPath)[\(index)].value") }
            })
    }
}
