import FlipbookDrawing
import Foundation

extension ConfettiEmitter.Cannon {
    package static let parameters = ParameterTable<Self>(
        title: "Emitter: bottomCannon", noun: "a bottomCannon emitter",
        summary: #"`"emitter": "bottomCannon"` or `{"kind": "bottomCannon", …}`: the article's launch from "#
            + "below the bottom edge, up and apart. Positions and speeds are relative to the canvas (W × H).",
        parameters: [
            .value("horizontalRange", \.horizontalRange, .range, default: ConfettiEmitter.CannonDefaults.horizontalRange,
                   limits: .within(10), unit: "× W", help: "Where particles start across the canvas."),
            .value("verticalOffset", \.verticalOffset, .number, default: ConfettiEmitter.CannonDefaults.verticalOffset,
                   limits: .within(1e5), unit: "points", help: "How far below the bottom edge they start."),
            .value("launchSpeed", \.launchSpeed, .number, default: ConfettiEmitter.CannonDefaults.launchSpeed,
                   limits: .within(100), unit: "× H per second", help: "The upward speed."),
            .value("launchSpeedVariation", \.launchSpeedVariation, .range,
                   default: ConfettiEmitter.CannonDefaults.launchSpeedVariation, limits: .within(100),
                   help: "A random factor on the upward speed."),
            .value("horizontalSpeed", \.horizontalSpeed, .range, default: ConfettiEmitter.CannonDefaults.horizontalSpeed,
                   limits: .within(100), unit: "× W per second", help: "The sideways speed."),
        ])
}

extension ConfettiEmitter.Explosion {
    package static let parameters = ParameterTable<Self>(
        title: "Emitter: point", noun: "a point emitter",
        summary: #"`"emitter": "point"` or `{"kind": "point", …}`: an explosion from one point, in a cone of directions."#,
        parameters: [
            .value("at", \.at, .unitPoint, default: ConfettiEmitter.PointDefaults.at, limits: .within(10),
                   unit: "× canvas", help: "The point, relative to the canvas: [0.5, 0.5] is its centre."),
            .value("angle", \.angle, .degrees, default: ConfettiEmitter.PointDefaults.angle, limits: .within(3600),
                   unit: "degrees", help: "The cone's direction: 0 points right, −90 up (clockwise on screen)."),
            .value("spread", \.spread, .degrees, default: ConfettiEmitter.PointDefaults.spread,
                   limits: .between(0, 3600), unit: "degrees", help: "The cone's full width; 360 sends particles every way."),
            .value("speed", \.speed, .range, default: ConfettiEmitter.PointDefaults.speed, limits: .between(0, 1e6),
                   unit: "points per second", help: "The launch speed."),
        ])
}

extension ConfettiEmitter.Rain {
    package static let parameters = ParameterTable<Self>(
        title: "Emitter: topRain", noun: "a topRain emitter",
        summary: #"`"emitter": "topRain"` or `{"kind": "topRain", …}`: particles dropping in from above the top edge."#,
        parameters: [
            .value("horizontalRange", \.horizontalRange, .range, default: ConfettiEmitter.RainDefaults.horizontalRange,
                   limits: .within(10), unit: "× W", help: "Where particles start across the canvas."),
            .value("verticalOffset", \.verticalOffset, .number, default: ConfettiEmitter.RainDefaults.verticalOffset,
                   limits: .within(1e5), unit: "points", help: "How far above the top edge they start."),
            .value("fallSpeed", \.fallSpeed, .range, default: ConfettiEmitter.RainDefaults.fallSpeed,
                   limits: .within(1e6), unit: "points per second", help: "The initial downward speed."),
            .value("horizontalSpeed", \.horizontalSpeed, .range, default: ConfettiEmitter.RainDefaults.horizontalSpeed,
                   limits: .within(1e6), unit: "points per second", help: "The initial sideways speed."),
        ])
}

extension ConfettiEmitter {
    /// The kinds by name, each with its table.
    package static let kindNames = ["bottomCannon", "point", "topRain"]

    /// The tables of every kind, for the reference.
    package static var sections: [ParameterSection] {
        [Cannon.parameters.section, Explosion.parameters.section, Rain.parameters.section]
    }

    /// Checks the emitter's ranges, naming the offending field under `keyPath`.
    package func validate(keyPath: String) throws {
        switch kind {
        case .bottomCannon(let cannon): try Cannon.parameters.validate(cannon, keyPath: keyPath)
        case .point(let explosion): try Explosion.parameters.validate(explosion, keyPath: keyPath)
        case .topRain(let rain): try Rain.parameters.validate(rain, keyPath: keyPath)
        }
    }
}

extension ValueCodec where Value == ConfettiEmitter {
    /// `"bottomCannon"`, `"point"`, `"topRain"`, or an object with `"kind"` and that kind's keys.
    package static var emitter: ValueCodec {
        let names = ConfettiEmitter.kindNames
        let expected = names.map { "\"\($0)\"" }.joined(separator: ", ") + #" or {"kind": …} with that emitter's keys"#
        func kind(named name: String, at json: JSONValue, keyPath: String) throws -> String {
            guard names.contains(name) else {
                throw json.unknownName(name, keyPath, "one of " + names.joined(separator: ", "), among: names)
            }
            return name
        }
        return ValueCodec(
            typeName: "emitter", expected: expected,
            read: { json, keyPath, requirement in
                var name: String
                var settings: JSONValue?
                if case .string(let text) = json.content {
                    name = try kind(named: text, at: json, keyPath: keyPath)
                } else if let members = json.members {
                    let kindPath = joinKeyPath(keyPath, "kind")
                    guard let member = members.first(where: { $0.key == "kind" }) else {
                        throw FlipbookError(invalid: kindPath, "is missing; an emitter object needs it: "
                                                + names.joined(separator: ", ") + ".",
                                            at: json.location(keyPath: kindPath))
                    }
                    name = try kind(named: try member.value.string(kindPath, "one of " + names.joined(separator: ", ")),
                                    at: member.value, keyPath: kindPath)
                    settings = json
                } else {
                    throw json.invalid(keyPath, requirement)
                }
                func read<S>(_ table: ParameterTable<S>, _ initial: S) throws -> S {
                    var value = initial
                    if let settings { try table.read(settings, into: &value, keyPath: keyPath, alsoKnown: ["kind"]) }
                    return value
                }
                switch name {
                case "point": return ConfettiEmitter(kind: .point(try read(ConfettiEmitter.Explosion.parameters, .init())))
                case "topRain": return ConfettiEmitter(kind: .topRain(try read(ConfettiEmitter.Rain.parameters, .init())))
                default: return ConfettiEmitter(kind: .bottomCannon(try read(ConfettiEmitter.Cannon.parameters, .init())))
                }
            },
            write: { emitter in
                let (name, members): (String, [(String, JSONValue)])
                switch emitter.kind {
                case .bottomCannon(let cannon): (name, members) = ("bottomCannon", ConfettiEmitter.Cannon.parameters.write(cannon))
                case .point(let explosion): (name, members) = ("point", ConfettiEmitter.Explosion.parameters.write(explosion))
                case .topRain(let rain): (name, members) = ("topRain", ConfettiEmitter.Rain.parameters.write(rain))
                }
                return members.isEmpty ? .string(name) : .object([("kind", .string(name))] + members)
            },
            validateNested: { emitter, keyPath in try emitter.validate(keyPath: keyPath) })
    }
}
