import FlipbookAudio
import FlipbookTestSupport
import FlipbookVideo
import Flipbook
import Foundation
import Testing

/// `--loudness` keeps what a player decodes from the file, AAC or Opus, below −1 dBTP, not only the mix:
/// a quiet band brought up to −14 LUFS is held at the limiter's ceiling, and its encoded sound
/// overshoots it (AAC by 3 dB at the kick that opens it), unless the mix is turned down there.
@Suite(.slow("eight seconds of a band brought to −14 LUFS, limited, encoded and decoded again, four times in the debug build"))
struct DecodedTruePeakTests {
    /// Writes ``band`` to `url`.
    static func writeBand(_ url: URL) throws {
        try band.write(to: url)
    }

    /// Eight seconds of a band, quiet (its peaks at −20 dBFS), as a 16-bit stereo WAV at 48 kHz: saw-wave
    /// chords, a kick on every beat from the first sample, a noise snare on the off-beats and hats. Made
    /// once for all the suite's tests: the debug build takes a second over it.
    static let band: Data = {
        let rate = 48_000, count = 8 * rate
        var random = SplitMix(state: 7)
        func noise() -> Double { Double(random.next() >> 11) / Double(1 << 53) * 2 - 1 }
        var music = [Double](repeating: 0, count: count)
        let chords: [[Double]] = [[110, 138.6, 164.8], [98, 123.5, 146.8], [87.3, 110, 130.8], [98, 123.5, 146.8]]
        for index in 0..<count {
            let t = Double(index) / Double(rate)
            for frequency in chords[(index / rate) % chords.count] {
                music[index] += 0.15 * (2 * (t * frequency).truncatingRemainder(dividingBy: 1) - 1)
            }
        }
        let beat = rate / 2
        for start in stride(from: 0, to: count - beat, by: beat) {
            for k in 0..<beat {
                let envelope = exp(-Double(k) / (0.05 * Double(rate)))
                music[start + k] += 0.9 * sin(2 * Double.pi * 55 * Double(k) / Double(rate) * (1 + 2 * envelope)) * envelope
                if (start / beat) % 2 == 1 { music[start + k] += 0.6 * noise() * exp(-Double(k) / (0.03 * Double(rate))) }
            }
        }
        for start in stride(from: beat / 2, to: count - beat, by: beat / 2) {
            for k in 0..<(beat / 4) { music[start + k] += 0.2 * noise() * exp(-Double(k) / (0.005 * Double(rate))) }
        }
        let scale = pow(10, -20.0 / 20) / (music.map(abs).max() ?? 1)
        var data = Data()
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); put(UInt32(36 + count * 4)); data.append(contentsOf: Array("WAVEfmt ".utf8))
        put(UInt32(16)); put(UInt16(1)); put(UInt16(2)); put(UInt32(rate)); put(UInt32(rate * 4)); put(UInt16(4)); put(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); put(UInt32(count * 4))
        for index in 0..<count {
            let left = music[index] * scale, right = music[(index + count - 37) % count] * scale * 0.9
            put(Int16((left * 32767).rounded()))
            put(Int16((right * 32767).rounded()))
        }
        return data
    }()

    static func timeline(in directory: TemporaryDirectory) throws -> Timeline {
        try writeBand(directory.file("band.wav"))
        let scene = try AudioRenderTests.sceneFile(directory, fps: "30", duration: 8,
                                                   layers: #"{"scene": "audio", "src": "band.wav"}"#, extra: #", "loudness": -14"#)
        return try SceneFile.load(from: scene).makeTimeline()
    }

    @Test(arguments: [("mp4", "aac"), ("webm", "opus")])
    func theDecodedFileStaysBelowMinusOneDBTP(_ container: String, _ codec: String) throws {
        let directory = try TemporaryDirectory("true-peak")
        let output = directory.file("band.\(container)")
        try Flipbook.render(try Self.timeline(in: directory), to: output)
        #expect(try probeAudio(output)?.codec == codec)
        let sound = try decodedSound(output)
        let peak = try LoudnessMeter.truePeak(of: sound)
        #expect(peak < -1, "the decoded \(codec) peaks at \(peak) dBTP")
        let loudness = try LoudnessMeter.integratedLoudness(of: sound)
        #expect(abs(loudness - -14) <= 0.5, "measures \(loudness) LUFS")
    }

    /// The limited mix alone, encoded and decoded, passes the ceiling; it is turned down by what its
    /// encoding overshoots, where it does: by about the overshoot at the worst place, by next to nothing
    /// across most of it, its loudness barely moved.
    @Test(arguments: AudioCodec.allCases)
    func theMixIsTurnedDownByWhatItsEncodingOvershoots(_ codec: AudioCodec) throws {
        let directory = try TemporaryDirectory("true-peak-mix")
        let mix = try #require(try Self.timeline(in: directory).mixAudio())
        #expect(try LoudnessMeter.truePeak(of: mix.samples) <= -0.9)
        var track = AudioTrack(samples: mix.samples, codec: codec, bitrate: codec.defaultBitrate)
        let peaks = try track.keepDecodedPeak(under: TruePeakLimiter(), file: directory.file("band.out"), what: "test")
        #expect(peaks.before > -1, "\(codec): decoded, the mix peaks at \(peaks.before) dBTP")
        #expect(peaks.after < -1.1, "\(codec): after turning down, \(peaks.after) dBTP")
        #expect(try LoudnessMeter.truePeak(of: track.decodedAgain(file: directory.file("band.out"), what: "test")) == peaks.after)
        // Each sample's reduction in decibels, where the mix is not near silence.
        let reductions = zip(track.samples.interleaved, mix.samples.interleaved).compactMap { after, before in
            abs(before) > 1e-3 ? 20 * log10(Double(abs(before) / abs(after))) : nil
        }.sorted()
        let median = reductions[reductions.count / 2], most = reductions.last ?? 0
        #expect(median < 0.05, "\(codec): half the samples turned down by \(median) dB or more")
        #expect(most >= peaks.before + 1 - 0.1 && most < peaks.before + 1 + 0.5, "\(codec): at most \(most) dB")
        let loudness = try LoudnessMeter.integratedLoudness(of: track.samples)
        #expect(mix.loudness - loudness >= 0 && mix.loudness - loudness < 0.3, "\(mix.loudness) → \(loudness) LUFS")
    }
}
