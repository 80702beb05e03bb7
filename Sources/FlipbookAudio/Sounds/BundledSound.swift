import FlipbookCore
import Foundation

/// The sounds Flipbook synthesises itself (no sample files): a `pop` for confetti bursts, a water
/// `drop` for ripples, a `chime`. Each is a pure function of its pitch and seed.
public enum BundledSound: String, Sendable, CaseIterable {
    /// A short, bright pop (about 0.12 s).
    case pop
    /// A water drop's rising plink (about 0.25 s).
    case drop
    /// A bell-like chime of inharmonic partials (about 2 s).
    case chime

    /// The sound's length in seconds.
    public var duration: TimeInterval {
        switch self {
        case .pop: 0.12
        case .drop: 0.25
        case .chime: 2
        }
    }

    /// The sound at `pitch` times its natural pitch, its peak at full scale (0 dBFS), from `seed`.
    ///
    /// It starts at once (a 0.25 ms rise), so it is heard on the sample it is placed at.
    public func samples(pitch: Double = 1, seed: UInt64 = 0) -> AudioSamples {
        let rate = Double(AudioSamples.sampleRate)
        let count = Int(saturating: duration * rate)
        var random = SoundRandom(seed: seed)
        var mono = [Float](repeating: 0, count: count)
        let rise = 0.000_25 * rate
        switch self {
        case .pop:
            // A sine falling in pitch under a fast decay, with a click of noise in its first 3 ms.
            var phase = 0.0
            for index in 0..<count {
                let t = Double(index) / rate
                let frequency = pitch * (380 + 520 * exp(-t / 0.012))
                phase += 2 * Double.pi * frequency / rate
                let click = t < 0.003 ? random.signed() * 0.5 * (1 - t / 0.003) : 0
                mono[index] = Float((cos(phase) * 0.8 + click) * exp(-t / 0.022))
            }
        case .drop:
            // A sine gliding up an octave, the water drop's "plink".
            var phase = random.unit() * 0.2
            for index in 0..<count {
                let t = Double(index) / rate
                let frequency = pitch * (700 + 900 * (1 - exp(-t / 0.03)))
                phase += 2 * Double.pi * frequency / rate
                mono[index] = Float(cos(phase) * exp(-t / 0.045))
            }
        case .chime:
            // Partials of a struck bar, each slightly detuned by the seed, the higher ones dying sooner.
            let partials: [(ratio: Double, level: Double, decay: Double)] = [
                (1, 1, 0.9), (2.76, 0.5, 0.45), (5.40, 0.3, 0.22), (8.93, 0.15, 0.11),
            ]
            let detunes = partials.map { _ in 1 + random.signed() * 0.002 }
            for index in 0..<count {
                let t = Double(index) / rate
                var value = 0.0
                for (number, partial) in partials.enumerated() {
                    let frequency = 880 * pitch * partial.ratio * detunes[number]
                    value += partial.level * cos(2 * Double.pi * frequency * t) * exp(-t / partial.decay)
                }
                mono[index] = Float(value)
            }
        }
        for index in 0..<min(count, Int(saturating: rise, rounded: .up)) { mono[index] *= Float(Double(index + 1) / rise) }
        // Fade the last 5 ms so the end does not click.
        let tail = min(count, Int(0.005 * rate))
        for offset in 0..<tail { mono[count - 1 - offset] *= Float(offset) / Float(tail) }
        let peak = mono.reduce(0) { max($0, abs($1)) }
        if peak > 0 { for index in mono.indices { mono[index] /= peak } }
        return AudioSamples(mono: mono)
    }
}
