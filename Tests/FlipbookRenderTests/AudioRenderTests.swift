import CFFmpeg
import FlipbookAudio
import FlipbookVideo
import FlipbookTestSupport
import Flipbook
import Foundation
import Testing

/// Sound decoded back from every container that carries it: codec, rate, channels, duration, the
/// onset of each event's sound, levels and loudness, reproducible bytes.
@Suite struct AudioRenderTests {
    /// A 16-bit stereo WAV of a 1 kHz sine at full scale, `seconds` long, at `rate` Hz.
    static func writeTone(_ url: URL, seconds: Double = 2, rate: Int = 44_100) throws {
        let count = Int(seconds * Double(rate))
        var data = Data()
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); put(UInt32(36 + count * 4)); data.append(contentsOf: Array("WAVEfmt ".utf8))
        put(UInt32(16)); put(UInt16(1)); put(UInt16(2)); put(UInt32(rate)); put(UInt32(rate * 4)); put(UInt16(4)); put(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); put(UInt32(count * 4))
        for index in 0..<count {
            let value = Int16((sin(2 * Double.pi * 1000 * Double(index) / Double(rate)) * 32767).rounded())
            put(value); put(value)
        }
        try data.write(to: url)
    }

    static func sceneFile(_ directory: TemporaryDirectory, fps: String, duration: Double, layers: String, extra: String = "") throws -> URL {
        let url = directory.file("scene.json")
        try Data(#"{"size": [64, 48], "scale": 1, "fps": \#(fps), "duration": \#(duration), "background": "white"\#(extra), "layers": [\#(layers)]}"#.utf8)
            .write(to: url)
        return url
    }

    static func render(_ scene: URL, to output: URL, workers: Int? = nil) throws -> RenderReport {
        let timeline = try SceneFile.load(from: scene).makeTimeline()
        return try Flipbook.render(timeline, to: output, workers: workers)
    }

    @Test(arguments: [("mp4", "aac"), ("mov", "aac"), ("mkv", "opus"), ("webm", "opus")])
    func eachContainerCarriesItsCodecAtFullLength(_ container: String, _ codec: String) throws {
        let directory = try TemporaryDirectory("audio")
        try Self.writeTone(directory.file("tone.wav"))
        let scene = try Self.sceneFile(directory, fps: "30", duration: 1.5,
                                       layers: #"{"scene": "audio", "src": "tone.wav", "volume": -6}"#)
        let output = directory.file("clip.\(container)")
        let report = try Self.render(scene, to: output)
        #expect(report.audioNote?.hasPrefix(codec == "aac" ? "AAC" : "Opus") == true)
        let info = try #require(try probeAudio(output))
        #expect(info.codec == codec)
        #expect(info.sampleRate == 48_000)
        #expect(info.channels == 2)
        let sound = try decodedSound(output)
        // The picture lasts 1.5 s; the sound as played lasts the same within one frame (1/30 s).
        #expect(abs(sound.duration - 1.5) <= 1.0 / 30, "sound lasts \(sound.duration) s")
        if let video = info.videoDuration { #expect(abs(sound.duration - video) <= 1.0 / 30) }
    }

    @Test(arguments: [("60", 60.0), ("29.97", 30000.0 / 1001)], ["mp4", "webm"])
    func eventSoundsStartOnTheirEventsSample(_ fps: (String, Double), _ container: String) throws {
        let directory = try TemporaryDirectory("onset")
        let frames = [12, 40, 77, 101]
        let bursts = frames.map { #"{"time": \#(Double($0) / fps.1), "count": 30}"# }.joined(separator: ", ")
        let scene = try Self.sceneFile(directory, fps: fps.0, duration: 4, layers: #"""
            {"scene": "confetti", "bursts": [\#(bursts)],
             "sound": {"name": "pop", "volume": -12, "pitchVariation": 0, "volumeVariation": 0}}
            """#)
        let output = directory.file("bursts.\(container)")
        try Self.render(scene, to: output)
        let sound = try decodedSound(output)
        for frame in frames {
            let expected = Int((Double(frame) * 48_000 / fps.1).rounded())
            // First sample above −40 dBFS, searching from 20 ms before the event.
            let found = onset(in: sound, from: expected - 960, threshold: 0.01)
            let error = Double((found ?? Int.max / 2) - expected) / 48
            #expect(abs(error) <= 1, "frame \(frame) at \(fps.0) fps in \(container): onset \(error) ms from the event")
        }
    }

    @Test func aToneMixedAtMinusSixDecibelsMeasuresMinusSix() throws {
        let directory = try TemporaryDirectory("tone")
        try Self.writeTone(directory.file("tone.wav"))
        let scene = try Self.sceneFile(directory, fps: "30", duration: 2,
                                       layers: #"{"scene": "audio", "src": "tone.wav", "volume": -6}"#)
        let output = directory.file("tone.mp4")
        try Self.render(scene, to: output)
        let sound = try decodedSound(output)
        // The steady middle second: the level is the sine's amplitude, √2 × its RMS.
        let middle = sound.frames(24_000..<72_000).interleaved
        let rms = (middle.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(middle.count)).squareRoot()
        let level = 20 * log10(rms * 2.0.squareRoot())
        #expect(abs(level - -6) <= 0.1, "the tone measures \(level) dB")
    }

    @Test(.slow("four seconds of sound through the loudness limiter in the debug build"))
    func loudnessIsBroughtToTheTargetWithoutClipping() throws {
        let directory = try TemporaryDirectory("loud")
        let music = packageFile("Fixtures/Audio/loop.wav").path
        let scene = try Self.sceneFile(directory, fps: "30", duration: 4, layers: #"""
            {"scene": "audio", "src": "\#(music)", "volume": 6, "loop": true},
            {"scene": "confetti", "bursts": [{"time": 0.5}, {"time": 2}], "sound": {"name": "pop", "volume": 12}}
            """#, extra: #", "loudness": -14"#)
        let output = directory.file("loud.mp4")
        try Self.render(scene, to: output)
        let sound = try decodedSound(output)
        let loudness = try LoudnessMeter.integratedLoudness(of: sound)
        #expect(abs(loudness - -14) <= 0.5, "measures \(loudness) LUFS")
        #expect(sound.samplePeak <= 1, "a sample reaches \(20 * log10(Double(sound.samplePeak))) dBFS")
    }

    @Test func twoRendersAreTheSameBytesWhateverTheWorkers() throws {
        let directory = try TemporaryDirectory("same")
        let music = packageFile("Fixtures/Audio/loop.wav").path
        let scene = try Self.sceneFile(directory, fps: "30", duration: 2, layers: #"""
            {"scene": "audio", "src": "\#(music)", "volume": [{"time": 0, "value": -20}, {"time": 1.5, "value": -3}], "fadeOut": 0.5},
            {"scene": "confetti", "bursts": [{"time": 0.2}, {"time": 1}], "sound": {"name": "pop", "volume": -6, "seed": 4}}
            """#)
        for container in ["mp4", "webm"] {
            try Self.render(scene, to: directory.file("one.\(container)"), workers: 1)
            try Self.render(scene, to: directory.file("two.\(container)"), workers: 2)
            #expect(try Data(contentsOf: directory.file("one.\(container)")) == Data(contentsOf: directory.file("two.\(container)")))
        }
    }

    @Test func aFrameRangeKeepsItsOwnSound() throws {
        let directory = try TemporaryDirectory("range")
        let scene = try Self.sceneFile(directory, fps: "30", duration: 3, layers: #"""
            {"scene": "confetti", "bursts": [{"time": 1.5}], "sound": {"name": "chime", "pitchVariation": 0, "volumeVariation": 0}}
            """#)
        let timeline = try SceneFile.load(from: scene).makeTimeline()
        let output = directory.file("part.mp4")
        try Flipbook.render(timeline, frames: 30...74, to: output)
        let sound = try decodedSound(output)
        #expect(abs(sound.duration - 1.5) <= 1.0 / 30)
        // The burst at 1.5 s is 0.5 s into frames 30–74.
        let found = onset(in: sound, threshold: 0.01) ?? -1
        #expect(abs(found - 24_000) <= 48, "onset at sample \(found)")
    }

    /// The bytes of every packet of `url`'s video stream (`audio: false`) or sound stream, in file order.
    static func packetBytes(_ url: URL, audio: Bool) throws -> [[UInt8]] {
        let reader = try ClipReader(url)
        var list: [[UInt8]] = []
        let take: (UnsafeMutablePointer<AVPacket>) throws -> Void = { packet in
            list.append(packet.pointee.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(packet.pointee.size))) } ?? [])
        }
        if audio { try reader.forEachPacket({ _ in }, audio: take) } else { try reader.forEachPacket(take) }
        return list
    }

    /// Three chunks joined carry the single render's sound exactly: each chunk encodes the whole
    /// mix from its first sample and keeps the packets that start in its frames, so the joined
    /// packets are the single render's (AAC's 1024-sample and Opus's 960-sample packets straddle
    /// every join: 14 frames are 22,400 samples at 30 fps, 22,422.4 at 29.97, and still decode
    /// sample for sample the same). The picture is joined by copying.
    @Test(arguments: [("mp4", 30.0), ("webm", 30.0), ("mp4", 30000.0 / 1001), ("mkv", 30000.0 / 1001)])
    func chunksJoinedHaveTheSingleRendersSound(_ container: String, _ fps: Double) throws {
        let directory = try TemporaryDirectory("chunks")
        let music = packageFile("Fixtures/Audio/loop.wav").path
        let scene = try Self.sceneFile(directory, fps: fps == 30 ? "30" : "29.97", duration: 1.4, layers: #"""
            {"scene": "audio", "src": "\#(music)", "volume": -8, "loop": true, "fadeOut": 0.5},
            {"scene": "confetti", "bursts": [{"time": 0.3}, {"time": 0.7}, {"time": 1.1}], "sound": {"name": "pop", "volume": -6}}
            """#)
        let timeline = try SceneFile.load(from: scene).makeTimeline()
        let single = directory.file("single.\(container)")
        try Flipbook.render(timeline, to: single)
        let chunks = try (1...3).map { index -> URL in
            let url = directory.file("part-\(index).\(container)")
            try Flipbook.render(timeline, chunk: Chunk(index, of: 3), to: url)
            return url
        }
        let joined = directory.file("joined.\(container)")
        // Given out of order: concat sorts them by their records.
        let report = try concat([chunks[2], chunks[0], chunks[1]], to: joined)
        #expect(report.frameCount == timeline.frameCount)

        let expected = try decodedSound(single)
        let sound = try decodedSound(joined)
        // Decoded whole: up to one packet past the clip's end (the decoder keeps AAC's last frame whole).
        #expect((timeline.audioFrameCount..<(timeline.audioFrameCount + 1024)).contains(expected.frameCount))
        #expect(sound.frameCount == expected.frameCount)
        let differing = zip(sound.interleaved, expected.interleaved).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) samples differ from the single render's")
        #expect(sound.samplePeak > 0.05, "the joined sound is silent")
        #expect(try Self.packetBytes(joined, audio: true) == Self.packetBytes(single, audio: true))
        // The picture: the chunks' packets, copied in order.
        #expect(try Self.packetBytes(joined, audio: false) == chunks.flatMap { try Self.packetBytes($0, audio: false) })
    }

    @Test func chunksWithAndWithoutSoundAreNotJoined() throws {
        let directory = try TemporaryDirectory("mixed")
        let scene = try Self.sceneFile(directory, fps: "30", duration: 1, layers: #"""
            {"scene": "confetti", "bursts": [{"time": 0.2}], "sound": {"name": "pop"}}
            """#)
        let timeline = try SceneFile.load(from: scene).makeTimeline()
        var silent = VideoOptions()
        silent.audio = false
        let first = directory.file("a.mp4"), second = directory.file("b.mp4")
        try Flipbook.render(timeline, chunk: Chunk(1, of: 2), to: first)
        try Flipbook.render(timeline, chunk: Chunk(2, of: 2), to: second, options: silent)
        #expect(throws: FlipbookError.self) { try concat([first, second], to: directory.file("joined.mp4")) }
        do {
            try concat([first, second], to: directory.file("joined.mp4"))
        } catch let error as FlipbookError {
            // The options' digest already tells them apart.
            #expect(error.kind == .invalidInput)
            #expect(error.message.contains("b.mp4"), "\(error.message)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("joined.mp4").path))
        try Flipbook.render(timeline, chunk: Chunk(2, of: 2), to: second)
        #expect(throws: FlipbookError.self) { try concat([first, second], to: directory.file("joined.mkv")) }
    }

    @Test func formatsWithoutSoundWriteThePictureAndSaySo() throws {
        let directory = try TemporaryDirectory("gif")
        try Self.writeTone(directory.file("tone.wav"), seconds: 0.5)
        let scene = try Self.sceneFile(directory, fps: "10", duration: 0.5, layers: #"{"scene": "audio", "src": "tone.wav"}"#)
        let report = try Self.render(scene, to: directory.file("clip.gif"))
        #expect(report.audioNote == "left out: GIF carries no audio")
        let timeline = try SceneFile.load(from: scene).makeTimeline()
        var options = VideoOptions()
        options.audio = false
        let silent = try Flipbook.render(timeline, to: directory.file("clip.mp4"), options: options)
        #expect(silent.audioNote == "left out (--no-audio)")
        #expect(try probeAudio(directory.file("clip.mp4")) == nil)
    }

    @Test func badSoundInputIsNamedByItsKeyPath() throws {
        let directory = try TemporaryDirectory("bad")
        try Data("not audio at all".utf8).write(to: directory.file("noise.wav"))
        let cases: [(String, String, String)] = [
            (#"{"scene": "audio", "src": "missing.wav"}"#, "", "layers[0].src"),
            (#"{"scene": "audio", "src": "noise.wav"}"#, "", "layers[0].src"),
            (#"{"scene": "confetti", "sound": {"name": "bang"}}"#, "", "layers[0].sound.name"),
            (#"{"scene": "confetti", "sound": {"name": "pop", "volume": 1e9}}"#, "", "layers[0].sound.volume"),
            (#"{"scene": "shape", "sound": {"name": "pop"}}"#, "", "layers[0].sound"),
            (#"{"scene": "confetti"}"#, #", "loudness": -80"#, "loudness"),
        ]
        for (layer, extra, keyPath) in cases {
            let scene = try Self.sceneFile(directory, fps: "30", duration: 1, layers: layer, extra: extra)
            do {
                _ = try SceneFile.load(from: scene).makeTimeline()
                Issue.record("\(layer) was accepted")
            } catch let error as FlipbookError {
                #expect(error.kind == .invalidInput)
                #expect(error.location.keyPath == keyPath, "\(error)")
                #expect(error.location.line != nil, "\(error)")
            }
        }
    }
}
