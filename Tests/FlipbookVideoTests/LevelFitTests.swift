import FlipbookCore
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookVideo

/// The level table's arithmetic on made-up packet sizes: peaks, the buffer a rate needs, the
/// level chosen and the reason given.
@Suite("H.264 level fitting")
struct LevelFitTests {
    /// A High-profile SPS's fields for 1920×1080 (120×68 macroblocks) with 3 reference frames.
    private let sps = SequenceParameterSet(
        profile: 100, constraintFlags: 0, level: 42, widthMacroblocks: 120, heightMacroblocks: 68, referenceFrames: 3,
        maxDecFrameBuffering: 3)

    private func rates(_ sizes: [Int]) -> StreamRates {
        var rates = StreamRates()
        for (index, size) in sizes.enumerated() { rates.add(bytes: size, pts: Int64(index)) }
        return rates
    }

    @Test("the one-second peak and the smallest buffer that never runs dry")
    func peaksAndBuffer() {
        // 4 frames a second: 100, 300, 100, 100, 500 bytes.
        let stream = rates([100, 300, 100, 100, 500])
        #expect(stream.peakBitsPerSecond(fps: 4) == (300 + 100 + 100 + 500) * 8)
        // At 800 bit/s (200 a frame), the whole run takes 8800 bits and gains 4 × 200 meanwhile.
        #expect(stream.bufferBitsNeeded(bitrate: 800, fps: 4) == 8800 - 800)
        // At 3200 bit/s (800 a frame) the run from the 300-byte frame on: 8000 bits less 3 × 800.
        #expect(stream.bufferBitsNeeded(bitrate: 3200, fps: 4) == 5600)
        // A rate above every frame's size needs only the largest frame.
        #expect(stream.bufferBitsNeeded(bitrate: 1_000_000, fps: 4) == 4000)
    }

    @Test("a calm stream keeps x264's level; a busy one gets the lowest level that holds its peak")
    func choice() {
        let calm = LevelFit(sps: sps, rates: rates(Array(repeating: 50_000, count: 120)), fps: 60).choice()
        #expect(calm.level == "4.2" && calm.note == "level 4.2: x264's choice, the stream fits it")
        // 60 frames of 156,000 bytes: 74.9 Mb/s, over 4.2's 62.5 Mb/s and within 5.0's 168.75.
        let busy = LevelFit(sps: sps, rates: rates(Array(repeating: 156_000, count: 120)), fps: 60).choice()
        #expect(busy.level == "5.0" && busy.encoderLevel == "4.2")
        #expect(busy.note == "level 5.0: a one-second peak of 74.9 Mb/s is over 4.2's 62.5 Mb/s")
    }

    @Test("level names: 4.2, 42, 4, 4.0 and 1b; HEVC's own list")
    func names() {
        #expect(VideoCodec.h264.levelNumber(named: "4.2") == 42)
        #expect(VideoCodec.h264.levelNumber(named: "42") == 42)
        #expect(VideoCodec.h264.levelNumber(named: "4") == 40 && VideoCodec.h264.levelNumber(named: "4.0") == 40)
        #expect(VideoCodec.h264.levelNumber(named: "1b") == 9)
        #expect(VideoCodec.h264.levelNumber(named: "4.3") == nil && VideoCodec.h264.levelNumber(named: "x") == nil)
        #expect(VideoCodec.hevc.levelNumber(named: "5.1") == 51 && VideoCodec.hevc.levelNumber(named: "4.2") == nil)
        #expect(VideoCodec.vp9.levelNumber(named: "4") == nil)
    }

    @Test("the SPS reader reads what x264 writes, and a new level_idc moves no other field")
    func spsRoundTrip() throws {
        let scratch = try TemporaryDirectory("sps")
        let url = scratch.url.appendingPathComponent("sps.mp4")
        try encodePattern(to: url, width: 640, height: 360, fps: 30, count: 3, options: VideoOptions(preset: "veryfast"))
        // The avcC holds the SPS behind 8 bytes (version, profile, compatibility, level, sizes, length).
        let avcC = try probePackets(url).extradata
        let length = Int(avcC[6]) << 8 | Int(avcC[7])
        let nal = Array(avcC[8..<(8 + length)])
        let parsed = try #require(SequenceParameterSet(nal: nal))
        #expect(parsed.profile == 100 && parsed.level == 30)
        #expect(parsed.widthMacroblocks == 40 && parsed.heightMacroblocks == 23)
        #expect(parsed.maxDecFrameBuffering != nil && parsed.referenceFrames >= 1)
        var patched = nal
        patched[3] = 50
        var expected = parsed
        expected.level = 50
        #expect(SequenceParameterSet(nal: patched) == expected)
        #expect(spsNAL(in: [0, 0, 0, 1] + nal + [0, 0, 0, 1, 0x68, 0xEB]) == nal)
    }
}
