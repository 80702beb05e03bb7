import FlipbookDrawing
import Foundation

extension ConfettiPhysics {
    /// The physics' parameters: the `physics` object of a confetti layer.
    package static let parameters = ParameterTable<ConfettiPhysics>(
        title: "Physics", noun: "the confetti physics",
        summary: "The `physics` object of a confetti layer: the motion model every particle follows.",
        parameters: [
            .value("gravity", \.gravity, .number, default: defaultGravity, limits: .within(1e6),
                   unit: "points per second²", help: "Downward acceleration."),
            .value("drag", \.drag, .number, default: defaultDrag, limits: .above(0, atMost: 1000),
                   unit: "per second", help: "Air drag: velocity relaxes toward the terminal velocity as e^(−drag·t)."),
            .value("lifetime", \.lifetime, .number, default: defaultLifetime, limits: .above(0, atMost: 3600),
                   unit: "seconds", help: "How long a particle is drawn after its launch."),
            .value("fadeOutDuration", \.fadeOutDuration, .number, default: defaultFadeOutDuration,
                   limits: .between(0, 3600), unit: "seconds",
                   help: "The fade to transparent at the end of the lifetime (at most the lifetime)."),
            .value("minimumFlipScale", \.minimumFlipScale, .number, default: defaultMinimumFlipScale,
                   limits: .between(0, 1), help: "The narrowest a flipping particle gets, as a fraction of its width."),
            .value("wind", \.wind, .vector, default: defaultWind, limits: .within(1e6),
                   unit: "points per second", help: "The velocity of the air, which drag pulls particles toward."),
        ])

    /// Checks that the constants describe a usable model, naming the offending field.
    ///
    /// - Parameter keyPath: Prefix for messages, such as `"physics"` or `"layers[0].physics"`.
    package func validate(keyPath: String = "physics") throws {
        try ConfettiPhysics.parameters.validate(self, keyPath: keyPath)
        try check(fadeOutDuration <= lifetime, joinKeyPath(keyPath, "fadeOutDuration"),
                  "between 0 and the lifetime (\(formatNumber(lifetime)) seconds)", fadeOutDuration)
    }
}
