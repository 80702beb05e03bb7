import FlipbookDrawing
import Foundation

/// A steady stream of particles over a time range, for confetti rain and snow.
///
/// Particle `k` is born at exactly `start + k / rate`, for every `k` with `k / rate < duration`,
/// and draws its randomness from its own seeded stream, so the emission is a pure function of its
/// parameters and the seed.
public struct ConfettiEmission: Sendable, Equatable {
    /// The most particles one emission may produce.
    public static let maximumCount = 100_000
    /// The rate a scene file's emission takes when it gives none: 20 particles per second.
    public static let defaultRate: Double = 20

    /// Particles per second.
    public var rate: Double
    /// When the first particle is born, in scene seconds.
    public var start: TimeInterval
    /// How long particles keep coming, in seconds.
    public var duration: TimeInterval
    /// Where and how fast they are launched; from above the top edge by default.
    public var emitter: ConfettiEmitter
    /// Their colours, sizes, shapes and motion distributions.
    public var style: ConfettiStyle

    /// An emission of `rate` particles per second for `duration` seconds from `start`.
    public init(
        rate: Double = ConfettiEmission.defaultRate, start: TimeInterval = 0, duration: TimeInterval,
        emitter: ConfettiEmitter = .topRain,
        style: ConfettiStyle = ConfettiStyle()
    ) {
        self.rate = rate
        self.start = start
        self.duration = duration
        self.emitter = emitter
        self.style = style
    }

    /// The number of particles: those `k ≥ 0` with `k / rate < duration`.
    public var count: Int {
        guard rate > 0, duration > 0, rate.isFinite, duration.isFinite else { return 0 }
        let estimate = (rate * duration).rounded(.up)
        guard estimate < Double(Int.max / 2) else { return Int.max / 2 }
        var n = Int(estimate)
        while n > 0, Double(n - 1) / rate >= duration { n -= 1 }
        return n
    }

    /// The emission's particles for a canvas of `size` points; particle `k` uses the stream
    /// `SeededRandom(seed:streams: 2, index, k)` with the same draw order as a burst.
    func particles(in size: CGSize, seed: UInt64, index: Int) -> [ConfettiParticle] {
        (0..<count).map { k in
            var random = SeededRandom(seed: seed, streams: 2, UInt64(index), UInt64(k))
            let launch = emitter.launch(in: size, using: &random)
            return style.particle(birthTime: start + Double(k) / rate, launch: launch, using: &random)
        }
    }
}
