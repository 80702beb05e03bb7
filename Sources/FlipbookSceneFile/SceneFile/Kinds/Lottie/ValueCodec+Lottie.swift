import FlipbookAnimation
import FlipbookDrawing
import Foundation

// A Lottie layer's slots ({"accent": "#FFD60A", "width": 4, "offset": [10, 0], "photo": {"image": "a.png"}}) and overrides
// ([{"keypath": "**.Fill 1", "fillColor": "#FFD60A"}]).

extension ValueCodec where Value == [String: LottieSlotValue] {
    static var lottieSlots: ValueCodec {
        let requirement = #"an object of slot values (a colour, a number, a list of numbers or {"image": "photo.png"})"#
        return ValueCodec(
            typeName: "object", expected: requirement,
            read: { json, keyPath, _ in
                guard let members = json.members else { throw json.invalid(keyPath, requirement) }
                var slots: [String: LottieSlotValue] = [:]
                for member in members {
                    let path = joinKeyPath(keyPath, member.key)
                    switch member.value.content {
                    case .number(let value, _): slots[member.key] = .number(value)
                    case .object(let fields):
                        let imageRequirement = #"an image slot {"image": "photo.png"}"#
                        guard fields.count == 1, let image = fields.first, image.key == "image" else {
                            throw member.value.invalid(path, imageRequirement)
                        }
                        slots[member.key] = .image(try image.value.string(joinKeyPath(path, "image"), "the path of a PNG or JPEG file"))
                    case .array(let elements):
                        slots[member.key] = .vector(try elements.enumerated().map {
                            try $0.element.number("\(path)[\($0.offset)]", "a number")
                        })
                    default: slots[member.key] = .color(try ValueCodec<Color>.color.read(member.value, path, requirement))
                    }
                }
                return slots
            },
            write: { slots in
                .object(slots.keys.sorted().map { id in
                    switch slots[id]! {
                    case .color(let color): (id, ValueCodec<Color>.color.write(color))
                    case .number(let value): (id, .number(value))
                    case .vector(let values): (id, .numbers(values))
                    case .image(let path): (id, .object([("image", .string(path))]))
                    }
                })
            })
    }
}

extension ValueCodec where Value == LottieOverride {
    /// The property keys an override may have, one each.
    static let lottieOverrideKeys = ["fillColor", "strokeColor", "fillOpacity", "strokeOpacity", "strokeWidth",
                                     "position", "scale", "rotation"]

    static var lottieOverride: ValueCodec {
        let requirement = #"an override {"keypath": "…"} with one of "# + lottieOverrideKeys.joined(separator: ", ")
        return ValueCodec(
            typeName: "object", expected: requirement,
            read: { json, keyPath, _ in
                guard let members = json.members else { throw json.invalid(keyPath, requirement) }
                guard let keypath = members.first(where: { $0.key == "keypath" }) else {
                    throw json.invalid(joinKeyPath(keyPath, "keypath"), "the keypath of the properties to change", found: "missing")
                }
                let name = try keypath.value.string(joinKeyPath(keyPath, "keypath"), "text, such as \"**.Fill 1\"")
                let properties = members.filter { $0.key != "keypath" }
                guard properties.count == 1, let member = properties.first else {
                    throw json.invalid(keyPath, requirement, found: "an object with \(properties.count) properties")
                }
                let path = joinKeyPath(keyPath, member.key)
                let value = member.value
                let property: LottieOverride.Property
                switch member.key {
                case "fillColor": property = .fillColor(try ValueCodec<Color>.color.read(value, path, "a colour"))
                case "strokeColor": property = .strokeColor(try ValueCodec<Color>.color.read(value, path, "a colour"))
                case "fillOpacity": property = .fillOpacity(try value.number(path, "a number from 0 to 1"))
                case "strokeOpacity": property = .strokeOpacity(try value.number(path, "a number from 0 to 1"))
                case "strokeWidth": property = .strokeWidth(try value.number(path, "a number"))
                case "position": property = .position(try ValueCodec<CGPoint>.point.read(value, path, "a point [x, y]"))
                case "scale": property = .scale(try ValueCodec<CGSize>.scaleFactors.read(value, path, "a number or [sx, sy]"))
                case "rotation": property = .rotation(.degrees(try value.number(path, "a number of degrees")))
                default:
                    throw json.unknownName(member.key, path, "one of " + lottieOverrideKeys.joined(separator: ", "),
                                           among: lottieOverrideKeys)
                }
                let override = LottieOverride(keypath: name, property)
                if let problem = override.problem { throw FlipbookError(invalid: path, problem, at: value.location(keyPath: path)) }
                return override
            },
            write: { override in
                let value: (String, JSONValue)
                switch override.property {
                case .fillColor(let c): value = ("fillColor", ValueCodec<Color>.color.write(c))
                case .strokeColor(let c): value = ("strokeColor", ValueCodec<Color>.color.write(c))
                case .fillOpacity(let v): value = ("fillOpacity", .number(v))
                case .strokeOpacity(let v): value = ("strokeOpacity", .number(v))
                case .strokeWidth(let v): value = ("strokeWidth", .number(v))
                case .position(let p): value = ("position", ValueCodec<CGPoint>.point.write(p))
                case .scale(let s): value = ("scale", ValueCodec<CGSize>.scaleFactors.write(s))
                case .rotation(let a): value = ("rotation", .number(a.degrees))
                }
                return .object([("keypath", .string(override.keypath)), value])
            })
    }
}
