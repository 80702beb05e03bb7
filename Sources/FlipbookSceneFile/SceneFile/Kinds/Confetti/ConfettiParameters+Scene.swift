import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.ConfettiParameters {
    /// The confetti scene, aimed at a canvas of `canvas` points.
    public func makeScene(canvas: CGSize) throws -> ConfettiScene {
        try makeScene(canvas: canvas, keyPath: nil)
    }

    func makeScene(canvas: CGSize, keyPath: String?) throws -> ConfettiScene {
        // The scene checks its bursts, emissions and physics; the seed has no limits.
        let bursts = self.bursts ?? (emissions == nil ? [ConfettiBurst()] : [])
        return try ConfettiScene(
            size: canvas, bursts: bursts, emissions: emissions ?? [], seed: seed ?? 0,
            physics: physics ?? ConfettiPhysics(), keyPath: keyPath.map { "\($0)." } ?? "")
    }
}
