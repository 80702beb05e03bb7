import FlipbookDrawing
import Foundation

/// A number of particles launched together at one moment.
///
/// The default is the article's burst: 30 particles from the ``ConfettiEmitter/bottomCannon`` at
/// time 0 with the article's palette, sizes and motion (``ConfettiStyle``).
public struct ConfettiBurst: Sendable, Equatable {
    /// The most particles one burst may launch.
    public static let maximumCount = 100_000
    /// The article's burst size: 30 particles.
    public static let defaultCount = 30

    /// When the particles are launched, in scene seconds.
    public var time: TimeInterval
    /// How many particles, 1 ... ``maximumCount``.
    public var count: Int
    /// Where and how fast they are launched.
    public var emitter: ConfettiEmitter
    /// Their colours, sizes, shapes and motion distributions.
    public var style: ConfettiStyle

    /// A burst; every parameter defaults to the article's.
    public init(
        time: TimeInterval = 0, count: Int = ConfettiBurst.defaultCount, emitter: ConfettiEmitter = .bottomCannon,
        style: ConfettiStyle = ConfettiStyle()
    ) {
        self.time = time
        self.count = count
        self.emitter = emitter
        self.style = style
    }

    /// The burst's particles for a canvas of `size` points.
    ///
    /// Particle `k` draws from its own stream `SeededRandom(seed:streams: 1, index, k)`: first the
    /// emitter's three draws, then the style's ten (see ``ConfettiStyle``). So the same seed always
    /// gives the same particles, and raising the count only adds particles.
    func particles(in size: CGSize, seed: UInt64, index: Int) -> [ConfettiParticle] {
        (0..<count).map { k in
            var random = SeededRandom(seed: seed, streams: 1, UInt64(index), UInt64(k))
            let launch = emitter.launch(in: size, using: &random)
            return style.particle(birthTime: time, launch: launch, using: &random)
        }
    }
}
