import FlipbookAudio
import Testing

@Suite struct BundledSoundTests {
    @Test(arguments: BundledSound.allCases)
    func aSoundIsTheSameFromTheSameSeedAndPeaksAtFullScale(_ sound: BundledSound) {
        let first = sound.samples(pitch: 1.1, seed: 7)
        #expect(first == sound.samples(pitch: 1.1, seed: 7))
        #expect(first.frameCount == Int((sound.duration * 48_000).rounded()))
        #expect(abs(first.samplePeak - 1) < 1e-6)
        // It is heard at once: above −40 dBFS within the first millisecond.
        let onset = first.interleaved.firstIndex { abs($0) > 0.01 }.map { $0 / 2 }
        #expect(onset != nil && onset! < 48)
    }

    @Test func anotherSeedOrPitchChangesTheSound() {
        #expect(BundledSound.pop.samples(seed: 1) != BundledSound.pop.samples(seed: 2))
        #expect(BundledSound.drop.samples(pitch: 1) != BundledSound.drop.samples(pitch: 1.05))
    }
}
