import Foundation

/// A small, fast, seeded random number generator (xoshiro256**, seeded through SplitMix64).
///
/// Scenes draw all their randomness from this generator, never from the system generator, so the
/// same seed gives the same particles — and therefore the same pixels — on every machine and run.
/// The algorithms are fixed here (not the standard library's, which may change between Swift
/// versions), including how doubles and indices are drawn.
public struct SeededRandom: RandomNumberGenerator, Sendable, Equatable {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    /// A generator whose whole sequence is determined by `seed`.
    public init(seed: UInt64) {
        // SplitMix64 spreads any seed (0 included) over the 256-bit state, which must not be all zero;
        // four consecutive SplitMix64 outputs never are.
        var mixer = seed
        s0 = SeededRandom.splitMix(&mixer)
        s1 = SeededRandom.splitMix(&mixer)
        s2 = SeededRandom.splitMix(&mixer)
        s3 = SeededRandom.splitMix(&mixer)
    }

    /// A generator for one independent stream derived from `seed`, e.g. one particle of one burst.
    ///
    /// Each distinct `streams` list gives an unrelated sequence, so a burst's particles do not change
    /// when another burst is added, and particle `k` does not change when the count grows.
    public init(seed: UInt64, streams: UInt64...) {
        var mixed = seed
        for stream in streams {
            var state = mixed ^ (stream &* 0x9E37_79B9_7F4A_7C15)
            mixed = SeededRandom.splitMix(&state) ^ stream
        }
        self.init(seed: mixed)
    }

    /// A generator with this exact xoshiro256** state (not all zero), for checking against the
    /// algorithm's published test vectors.
    init(state: (UInt64, UInt64, UInt64, UInt64)) {
        (s0, s1, s2, s3) = state
    }

    /// The generator's state, for tests.
    var state: (UInt64, UInt64, UInt64, UInt64) { (s0, s1, s2, s3) }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = (s1 &* 5).rotatedLeft(by: 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = s3.rotatedLeft(by: 45)
        return result
    }

    /// A uniform double in `0 ..< 1`, from the top 53 bits of the next value.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform double in `range` (the upper bound itself is never returned unless the range is a point).
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnit()
    }

    /// A uniform index in `0 ..< count`; consumes one value even when `count` is 1, so the number of
    /// draws a particle makes never depends on the lengths of lists it picks from. `count` must be positive.
    public mutating func index(below count: Int) -> Int {
        Int(next().multipliedFullWidth(by: UInt64(count)).high)
    }

    private static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(by amount: UInt64) -> UInt64 {
        (self << amount) | (self >> (64 - amount))
    }
}
