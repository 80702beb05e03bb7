import FlipbookAudio
import Foundation

extension Timeline.Sequence {
    /// The children's voices, placed from `offset` (the sequence's start on the timeline) and cut at
    /// `parentEnd`; across an overlapping transition the old child's sound falls as cos and the new
    /// one's rises as sin of the same quarter turn, so their power sums to one (an equal-power cross-fade).
    func voices(offset: TimeInterval, parentEnd: TimeInterval) -> [AudioVoice] {
        layers.indices.flatMap { index -> [AudioVoice] in
            let voices = Timeline.voices(of: [layers[index]], offset: offset, parentEnd: parentEnd)
            let rising = overlappingWindow(into: index).map { $0.lowerBound + offset..<$0.upperBound + offset }
            let falling = overlappingWindow(into: index + 1).map { $0.lowerBound + offset..<$0.upperBound + offset }
            guard rising != nil || falling != nil else { return voices }
            return voices.map { $0.crossFaded(rising: rising, falling: falling) }
        }
    }

    /// The window of the transition into child `index` when the two children play at once.
    private func overlappingWindow(into index: Int) -> Range<TimeInterval>? {
        guard let window = window(into: index), children[index].transition?.overlap == true else { return nil }
        return window
    }
}

extension AudioVoice {
    /// This voice rising at equal power over `rising` and falling over `falling` (timeline seconds).
    func crossFaded(rising: Range<TimeInterval>?, falling: Range<TimeInterval>?) -> AudioVoice {
        let origin = Double(start) / Double(AudioSamples.sampleRate)
        let base: @Sendable (TimeInterval) -> Double
        switch gain {
        case .constant(let linear): let decibels = 20 * log10(linear); base = { _ in decibels }
        case .decibels(let curve): base = curve
        }
        var voice = self
        voice.gain = .decibels { local in
            let time = origin + local
            var share = 1.0
            if let rising, time < rising.upperBound {
                share *= sin(.pi / 2 * Self.fraction(time, of: rising))
            }
            if let falling, time >= falling.lowerBound {
                share *= cos(.pi / 2 * Self.fraction(time, of: falling))
            }
            return base(local) + 20 * log10(share)
        }
        return voice
    }

    /// How far `time` is through `window`, 0...1.
    private static func fraction(_ time: TimeInterval, of window: Range<TimeInterval>) -> Double {
        min(max((time - window.lowerBound) / (window.upperBound - window.lowerBound), 0), 1)
    }
}
