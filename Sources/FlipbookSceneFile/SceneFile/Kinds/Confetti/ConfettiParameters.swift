import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// A confetti layer's parameters.
    ///
    /// When neither `bursts` nor `emissions` is given, the layer has one default burst at time 0
    /// (the article's). Give `"bursts": []` for emissions only.
    public struct ConfettiParameters: Sendable, Equatable {
        /// The seed all the layer's randomness comes from. Default 0.
        public var seed: UInt64?
        /// Bursts (see ``ConfettiBurst``; every key optional).
        public var bursts: [ConfettiBurst]?
        /// Steady emissions (see ``ConfettiEmission``; `duration` required).
        public var emissions: [ConfettiEmission]?
        /// The motion model (see ``ConfettiPhysics``; every key optional).
        public var physics: ConfettiPhysics?

        /// Confetti parameters; `nil` keys take their defaults.
        public init(seed: UInt64? = nil, bursts: [ConfettiBurst]? = nil, emissions: [ConfettiEmission]? = nil,
                    physics: ConfettiPhysics? = nil) {
            self.seed = seed
            self.bursts = bursts
            self.emissions = emissions
            self.physics = physics
        }
    }
}

extension SceneFile.ConfettiParameters {
    static let parameters = ParameterTable<SceneFile.ConfettiParameters>(
        title: "Confetti layer", noun: "a confetti layer",
        summary: layerWithScene + ": bursts and emissions of tumbling paper. "
            + "Without bursts or emissions it has one article burst at time 0.",
        parameters: [
            .optional("seed", \.seed, .seed, default: 0, help: "The seed every random draw comes from: same seed, same pixels."),
            .optional("bursts", \.bursts, .list(.burst, of: "bursts"), defaultText: "one burst, unless emissions are given",
                      help: "Particles launched together (see Burst)."),
            .optional("emissions", \.emissions, .list(.emission, of: "emissions"), defaultText: "none",
                      help: "Steady streams of particles (see Emission)."),
            .optional("physics", \.physics, .object(ConfettiPhysics.parameters, initial: ConfettiPhysics()),
                      defaultText: "the article's", help: "The motion model (see Physics)."),
        ])
}
