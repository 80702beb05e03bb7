import FlipbookDrawing
import Foundation

extension ConfettiBurst {
    /// A burst's own keys; the style's keys (``ConfettiStyle/parameters``) sit beside them.
    package static let ownParameters = ParameterTable<ConfettiBurst>(
        title: "Burst", noun: "a confetti burst",
        summary: "An element of a confetti layer's `bursts`: particles launched together. "
            + "It also takes every style key.",
        parameters: [
            .value("time", \.time, .number, default: 0, limits: .within(1e7), unit: "seconds",
                   help: "When the particles are launched, on the layer's clock."),
            .value("count", \.count, .whole, default: defaultCount, limits: .between(1, Double(maximumCount)),
                   unit: "particles", help: "How many particles are launched."),
            .value("emitter", \.emitter, .emitter, default: .bottomCannon,
                   help: "Where from and how fast: bottomCannon, point or topRain, or an object with kind."),
        ])

    /// Every key of a burst object: its own, then the style's.
    package static let parameters = ParameterTable<ConfettiBurst>(
        title: ownParameters.title, noun: ownParameters.noun, summary: ownParameters.summary,
        parameters: ownParameters.parameters + ConfettiStyle.parameters.parameters.map { $0.lifted(\.style) })

    package func validate(keyPath: String) throws {
        try ConfettiBurst.parameters.validate(self, keyPath: keyPath)
    }
}

extension ConfettiEmission {
    /// An emission's own keys; the style's keys sit beside them.
    package static let ownParameters = ParameterTable<ConfettiEmission>(
        title: "Emission", noun: "a confetti emission",
        summary: "An element of a confetti layer's `emissions`: a steady stream of particles, "
            + "particle k launched at start + k / rate. It also takes every style key.",
        parameters: [
            .value("rate", \.rate, .number, default: defaultRate, limits: .above(0, atMost: 10_000),
                   unit: "particles per second", help: "How many particles a second."),
            .value("start", \.start, .number, default: 0, limits: .within(1e7), unit: "seconds",
                   help: "When the first particle is launched, on the layer's clock."),
            .required("duration", \.duration, .number, limits: .above(0, atMost: 1e7), unit: "seconds",
                      help: "How long particles keep coming."),
            .value("emitter", \.emitter, .emitter, default: .topRain,
                   help: "Where from and how fast: bottomCannon, point or topRain, or an object with kind."),
        ])

    /// Every key of an emission object: its own, then the style's.
    package static let parameters = ParameterTable<ConfettiEmission>(
        title: ownParameters.title, noun: ownParameters.noun, summary: ownParameters.summary,
        parameters: ownParameters.parameters + ConfettiStyle.parameters.parameters.map { $0.lifted(\.style) })

    package func validate(keyPath: String) throws {
        try ConfettiEmission.parameters.validate(self, keyPath: keyPath)
        // rate × duration within their limits can still ask for more particles than a scene holds.
        try check(count <= ConfettiEmission.maximumCount, keyPath,
                  "at most \(ConfettiEmission.maximumCount) particles (rate × duration)", "\(count) particles")
    }
}

extension ValueCodec where Value == ConfettiBurst {
    package static var burst: ValueCodec {
        .object(ConfettiBurst.parameters, initial: ConfettiBurst())
    }
}

extension ValueCodec where Value == ConfettiEmission {
    package static var emission: ValueCodec {
        // The duration is required, so this placeholder never survives reading.
        .object(ConfettiEmission.parameters, initial: ConfettiEmission(duration: 0))
    }
}
