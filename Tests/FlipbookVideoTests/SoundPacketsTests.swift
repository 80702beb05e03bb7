import CFFmpeg
import FlipbookAudio
import FlipbookCore
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookVideo

/// An output writes the packets the true peak's measuring encode made (``SoundPackets``) instead of
/// encoding the sound again: they must be what its own encoder would have made, at the same points
/// of the picture, for a whole clip, a part starting later on the clip's clock, and a chunk that
/// writes only some of them.
@Suite struct SoundPacketsTests {
    /// One packet as an output sees it: when it was handed out (the call's number), its timing and bytes.
    struct Written: Equatable {
        var call: Int
        var pts: Int64
        var dts: Int64
        var duration: Int64
        var flags: Int32
        var bytes: [UInt8]
    }

    /// A chord that rises and falls, `count` samples of it.
    static func samples(count: Int) -> AudioSamples {
        var interleaved: [Float] = []
        interleaved.reserveCapacity(2 * count)
        for index in 0..<count {
            let t = Double(index) / Double(AudioSamples.sampleRate)
            let level = 0.3 * sin(Double.pi * t / 1.3)
            interleaved.append(Float(level * (sin(2 * .pi * 220 * t) + 0.5 * sin(2 * .pi * 331 * t))))
            interleaved.append(Float(level * sin(2 * .pi * 277 * t)))
        }
        return AudioSamples(interleaved: interleaved)
    }

    /// Everything `encoder` hands out when asked for the sound up to each 30 fps frame's end, then finished.
    static func written(by encoder: AudioEncoder, frames: Int) throws -> [Written] {
        var written: [Written] = []
        var call = 0
        let keep = { (packet: UnsafeMutablePointer<AVPacket>) in
            let bytes = packet.pointee.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(packet.pointee.size))) } ?? []
            written.append(Written(call: call, pts: packet.pointee.pts, dts: packet.pointee.dts,
                                   duration: packet.pointee.duration, flags: packet.pointee.flags, bytes: bytes))
        }
        for frame in 0..<frames {
            call = frame
            let end = AudioSamples.frame(ofVideoFrame: frame + 1, fps: FrameRate(30)) - encoder.planned.firstSample
            try encoder.encode(upTo: end, keep)
        }
        call = frames
        try encoder.finish(keep)
        return written
    }

    @Test(arguments: AudioCodec.allCases, [
        // A whole clip; a clip whose samples end on a frame of the codec's; a part later on the
        // clip's clock; a chunk that writes a stretch of them.
        (count: 48_000 + 333, firstSample: 0, written: nil as Range<Int>?),
        (count: 46 * 1024 * 15, firstSample: 0, written: nil),
        (count: 48_000 + 333, firstSample: 24_000, written: nil),
        (count: 48_000 + 333, firstSample: 0, written: 16_000..<32_000),
    ])
    func replayedPacketsAreTheEncodersOwn(_ codec: AudioCodec,
                                          _ track: (count: Int, firstSample: Int, written: Range<Int>?)) throws {
        let directory = try TemporaryDirectory("sound-packets")
        let file = directory.file("out.mp4")
        let planned = AudioTrack(samples: Self.samples(count: track.count), firstSample: track.firstSample, codec: codec,
                                 bitrate: codec.defaultBitrate, writtenSamples: track.written)
        let pending = PendingSound(preparing: planned, under: TruePeakLimiter(), file: file, what: "test")
        let measured = try pending.track()
        let packets = try #require(measured.encoded)
        #expect(packets.count > track.count / 1024 / 2)
        let frames = Int((Double(track.firstSample + track.count) / 48_000 * 30).rounded(.up))
        let encoded = try Self.written(
            by: AudioEncoder(PendingSound(ready: measured), globalHeader: true, replaying: false, file: file, what: "test"), frames: frames)
        let replayed = try Self.written(by: AudioEncoder(pending, globalHeader: true, file: file, what: "test"), frames: frames)
        #expect(!encoded.isEmpty)
        #expect(replayed == encoded)
        if let written = track.written {
            #expect(encoded.allSatisfy { written.contains(Int($0.pts)) })
        }
    }

    /// An encoder opened otherwise than the measuring one (no global header) encodes for itself.
    @Test func packetsAreReplayedOnlyForTheSameEncoder() throws {
        let directory = try TemporaryDirectory("sound-packets-other")
        let file = directory.file("out.mp4")
        var measured = AudioTrack(samples: Self.samples(count: 9_000), codec: .aac, bitrate: 128_000)
        try measured.keepDecodedPeak(under: TruePeakLimiter(), file: file, what: "test")
        let packets = try #require(measured.encoded)
        #expect(packets.madeFor(measured, globalHeader: true))
        #expect(!packets.madeFor(measured, globalHeader: false))
        var louder = measured
        louder.bitrate = 192_000
        #expect(!packets.madeFor(louder, globalHeader: true))
    }
}
