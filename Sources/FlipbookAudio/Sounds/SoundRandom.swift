/// SplitMix64: the small seeded generator behind bundled sounds' noise and each event's variation,
/// so the same seed gives the same samples on every machine.
public struct SoundRandom: Sendable {
    private var state: UInt64

    /// A generator seeded with `seed`; `stream` separates generators made from one seed (an event's index).
    public init(seed: UInt64, stream: UInt64 = 0) {
        state = seed ^ (stream &* 0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0 ..< 1`.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A number in `-1 ..< 1`.
    public mutating func signed() -> Double { 2 * unit() - 1 }
}
