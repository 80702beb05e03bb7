@testable import FlipbookAnimation
import FlipbookAudio
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// A sequence's sound: children cross-fade at equal power, and "auto" lengths come from the media.
@Suite("Sequences cross-fade their children's sounds and take lengths from the media")
struct SequenceSoundTests {
    static let rate = Double(AudioSamples.sampleRate)

    /// `seconds` of a sine at `frequency` Hz, at half scale.
    static func tone(_ frequency: Double, seconds: Double) -> AudioSamples {
        AudioSamples(mono: (0..<Int((seconds * rate).rounded())).map { Float(0.5 * sin(2 * .pi * frequency * Double($0) / rate)) })
    }

    /// The RMS level in dB of the mix's left channel over `range` seconds.
    static func level(_ mix: AudioSamples, _ range: Range<Double>) -> Double {
        let samples = mix.interleaved
        let frames = Int(range.lowerBound * rate)..<Int(range.upperBound * rate)
        let power = frames.reduce(0.0) { $0 + Double(samples[2 * $1] * samples[2 * $1]) } / Double(frames.count)
        return 10 * log10(power)
    }

    @Test("Two equal tones cross-fading across an overlapping transition keep their level within 0.5 dB")
    func equalPower() throws {
        let sequence = Timeline.Sequence {
            Timeline.Sequence.Child(AudioScene(samples: Self.tone(440, seconds: 1)))
            Timeline.Sequence.Child(AudioScene(samples: Self.tone(620, seconds: 1))).transition(.opacity.duration(0.5))
        }
        #expect(sequence.duration == 1.5)
        let timeline = try Timeline(size: CGSize(width: 8, height: 8), fps: 10, duration: 1.5, layers: [Timeline.Layer(sequence)])
        let mix = AudioMixer.mix(timeline.audioVoices(), frameCount: timeline.audioFrameCount)
        let steady = Self.level(mix, 0.1..<0.4)
        // 25 ms windows (whole periods of neither tone, so the sum's beat is measured too) across the fade.
        for step in 0..<20 {
            let start = 0.5 + Double(step) * 0.025
            let level = Self.level(mix, start..<(start + 0.025))
            #expect(abs(level - steady) < 0.5, "at \(start) s: \(level) dB against \(steady) dB")
        }
        #expect(abs(Self.level(mix, 1.1..<1.4) - steady) < 0.1)
    }

    @Test(#""duration": "auto" on a 3.217 s sound ends on frame ⌈3.217 × fps⌉"#)
    func autoLength() throws {
        let folder = try TemporaryDirectory("sequence-auto")
        try Self.writeWAV(Self.tone(300, seconds: 3.217), to: folder.file("voice.wav"))
        let sound = #"{"scene": "audio", "src": "voice.wav", "duration": "auto""#
        let cases: [(String, Double)] = [
            (sound + "}", 3.217),
            (#"{"scene": "text", "text": "Title", "duration": 1}, "# + sound + #", "transition": {"kind": "fade", "duration": 0.5}}"#, 3.717),
        ]
        for fps in [30, 60] {
            for (children, end) in cases {
                let json = #"{"size": [64, 36], "fps": \#(fps), "duration": "auto", "layers": [{"scene": "sequence", "layers": [\#(children)]}]}"#
                var file = try decodeScene(json)
                file.baseDirectory = URL(fileURLWithPath: folder.url.path, isDirectory: true)
                let timeline = try file.makeTimeline()
                // 3.217 s at 60 fps is 193.02 frames: the clip keeps the sound's last 0.02 of a frame.
                let expected = Int((end * Double(fps)).rounded(.up))
                #expect(timeline.frameCount == expected, "\(fps) fps: \(timeline.frameCount) frames, \(timeline.duration) s")
                #expect(timeline.layerTimes.last.map { abs($0.end - end) < 1e-9 } == true, "\(timeline.layerTimes)")
            }
        }
    }

    /// `samples` as a 16-bit stereo WAV at 48 kHz.
    static func writeWAV(_ samples: AudioSamples, to url: URL) throws {
        let values = samples.interleaved
        var data = Data()
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); put(UInt32(36 + values.count * 2)); data.append(contentsOf: Array("WAVEfmt ".utf8))
        put(UInt32(16)); put(UInt16(1)); put(UInt16(2)); put(UInt32(48_000)); put(UInt32(48_000 * 4)); put(UInt16(4)); put(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); put(UInt32(values.count * 2))
        for value in values { put(Int16((Double(value) * 32767).rounded())) }
        try data.write(to: url)
    }
}
