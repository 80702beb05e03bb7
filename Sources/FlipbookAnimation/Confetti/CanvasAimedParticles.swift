import FlipbookDrawing
import Foundation

/// The particles of bursts that aim at the canvas they are drawn on, made once per canvas size.
///
/// Frames are drawn on several threads at once; the first frame at a size makes the particles
/// under the lock and every later one reuses them. What is cached is a pure function of the size,
/// so caching changes nothing a frame draws.
final class CanvasAimedParticles: @unchecked Sendable {
    // @unchecked: `made` is only touched while holding `lock`; everything else is immutable.
    private let bursts: [ConfettiBurst]
    private let emissions: [ConfettiEmission]
    private let seed: UInt64
    private let lock = NSLock()
    private var made: [SizeKey: ConfettiFlock] = [:]

    private struct SizeKey: Hashable {
        let width: Double
        let height: Double
    }

    init(bursts: [ConfettiBurst], emissions: [ConfettiEmission], seed: UInt64) {
        self.bursts = bursts
        self.emissions = emissions
        self.seed = seed
    }

    /// The particles for a canvas of `size` points; none for a size that is not positive and finite.
    func flock(for size: CGSize) -> ConfettiFlock {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else { return .empty }
        let key = SizeKey(width: Double(size.width), height: Double(size.height))
        lock.lock()
        defer { lock.unlock() }
        if let flock = made[key] { return flock }
        let flock = ConfettiFlock(ConfettiScene.particles(in: size, bursts: bursts, emissions: emissions, seed: seed))
        made[key] = flock
        return flock
    }
}
