import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookVideo

/// x264 runs with its own settings for the preset, held to the level it signals; what each test
/// reads back is x264's own account of its settings (the SEI message it writes) or the stream itself.
@Suite("x264 at its own settings, within its level")
struct X264DefaultsTests {
    @Test("by default the lookahead is each preset's own", arguments: X264Preset.allCases)
    func presetLookahead(_ preset: X264Preset) throws {
        let options = try VideoOptions(preset: preset.rawValue)
        #expect(options.resolvedLookahead == preset.lookahead)
        #expect(x264Parameters(for: options).contains("rc-lookahead=\(preset.lookahead)"))
    }

    @Test("a medium clip is encoded with lookahead 40 and x264's 250-frame keyframe limit")
    func x264ReportsItsDefaults() throws {
        let scratch = try TemporaryDirectory("x264-defaults")
        let url = scratch.url.appendingPathComponent("defaults.mp4")
        try encodePattern(to: url, count: 4)
        let options = try probePackets(url).x264Options
        #expect(options["rc_lookahead"] == "40")
        #expect(options["keyint"] == "250")
        #expect(options["keyint_min"] == "25")
    }

    @Test("--keyint sets the most frames between keyframes, and x264 keeps to it")
    func keyframeInterval() throws {
        let scratch = try TemporaryDirectory("x264-keyint")
        let url = scratch.url.appendingPathComponent("keyint.mp4")
        try encodePattern(to: url, width: 64, height: 64, fps: 30, count: 40, options: VideoOptions(keyframeInterval: 0.5))
        let stream = try probePackets(url)
        #expect(stream.x264Options["keyint"] == "15")
        let keyframes = stream.packets.enumerated().filter(\.element.isKeyframe).map { Int(($0.element.time * 30).rounded()) }
        #expect(keyframes.first == 0)
        for (a, b) in zip(keyframes, keyframes.dropFirst()) { #expect(b - a <= 15) }
    }

    @Test("--level holds the stream to the level asked for: VBV from its limits, on one thread",
          arguments: [
            // width, height, fps, preset, CRF → profile_idc, level_idc, vbv kbit/s, buffer kbit
            // (70 % of the level's maximum rate, a quarter-second buffer)
            (1920, 1080, 60, "medium", 20, 100, 42, 43_750, 15_625),
            (1280, 720, 30, "medium", 20, 100, 31, 12_250, 4_375),
            (1280, 720, 30, "ultrafast", 20, 66, 31, 9_800, 3_500),
            (640, 360, 30, "veryfast", 23, 100, 30, 8_750, 3_125),
          ])
    func levelCap(_ c: (Int, Int, Int, String, Int, Int32, Int32, Int, Int)) throws {
        let (width, height, fps, preset, crf, profile, level, rate, buffer) = c
        let scratch = try TemporaryDirectory("x264-level")
        let url = scratch.url.appendingPathComponent("level.mp4")
        try encodePattern(to: url, width: width, height: height, fps: FrameRate(fps, 1), count: 3,
                          options: VideoOptions(crf: crf, preset: preset, level: "\(level / 10).\(level % 10)"))
        let stream = try probePackets(url)
        // libavformat adds FF_PROFILE_H264_CONSTRAINED (512) to profile_idc for Constrained Baseline.
        #expect(stream.profile & 0xFF == profile)
        #expect(stream.level == level)
        #expect(stream.x264Options["vbv_maxrate"] == String(rate))
        #expect(stream.x264Options["vbv_bufsize"] == String(buffer))
    }

    @Test("by default nothing holds the rate: x264's own level, no rate buffer, every frame thread")
    func noCapByDefault() throws {
        let scratch = try TemporaryDirectory("x264-level")
        let url = scratch.url.appendingPathComponent("level.mp4")
        try encodePattern(to: url, width: 640, height: 360, fps: 30, count: 3, options: VideoOptions(preset: "veryfast"))
        let stream = try probePackets(url)
        #expect(stream.level == 30)
        #expect(stream.x264Options["vbv_maxrate"] == nil && stream.x264Options["threads"] == String(VideoOptions.defaultEncoderThreads))
    }

    @Test("a lossless stream is never capped")
    func losslessUncapped() throws {
        let scratch = try TemporaryDirectory("x264-lossless")
        let url = scratch.url.appendingPathComponent("lossless.mp4")
        try encodePattern(to: url, count: 2, options: VideoOptions(crf: 0))
        let options = try probePackets(url).x264Options
        #expect(options["qp"] == "0")
        #expect(options["vbv_maxrate"] == nil)
    }

    @Test("maxBitrate sets the cap with a 1-second buffer")
    func userCap() throws {
        let scratch = try TemporaryDirectory("x264-maxrate")
        let url = scratch.url.appendingPathComponent("capped.mp4")
        try encodePattern(to: url, count: 3, options: VideoOptions(maxBitrate: 2_500_000))
        let options = try probePackets(url).x264Options
        #expect(options["vbv_maxrate"] == "2500")
        #expect(options["vbv_bufsize"] == "2500")
    }

    @Test("maxBitrate is refused for a codec without a cap, naming the codecs with one")
    func capNeedsCodec() throws {
        let options = try VideoOptions(codec: .vp9, maxBitrate: 2_000_000)
        let error = expectFlipbookError(.invalidInput) {
            _ = try OutputFormat(url: URL(fileURLWithPath: "/tmp/x.webm"), options: options)
        }
        #expect(error?.message == "maxBitrate is set (2M) but VP9 has no maxBitrate; codecs with one: h264, hevc.")
        #expect(error?.location.keyPath == "maxBitrate")
    }

    @Test("a cap out of range is refused with its value")
    func capRange() {
        let error = expectFlipbookError(.invalidInput) { _ = try VideoOptions(maxBitrate: 5_000) }
        #expect(error?.message == "maxBitrate must be between 10k and 10G bits per second; it is 5k.")
    }

    @Test("bit rates read and print as FFmpeg writes them")
    func bitrateText() {
        #expect(Bitrate.bitsPerSecond("8M") == 8_000_000)
        #expect(Bitrate.bitsPerSecond("2.5m") == 2_500_000)
        #expect(Bitrate.bitsPerSecond("800k") == 800_000)
        #expect(Bitrate.bitsPerSecond("1G") == 1_000_000_000)
        #expect(Bitrate.bitsPerSecond("8000000") == 8_000_000)
        for bad in ["8X", "-1M", "0", "M", "", "1e30", "nan", "8MM"] { #expect(Bitrate.bitsPerSecond(bad) == nil, "\(bad)") }
        #expect(formatBitrate(62_500_000) == "62.5M")
        #expect(formatBitrate(800_000) == "800k")
        #expect(formatBitrate(999) == "999")
    }

    @Test("levels and their caps, as H.264's Table A-1 and the profile's factor give them")
    func levelTable() {
        #expect(H264Level(profile: 100, level: 42).maxBitrate == 62_500)
        #expect(H264Level(profile: 77, level: 31).maxBitrate == 14_000)
        #expect(H264Level(profile: 110, level: 51).maxBitrate == 720_000)
        #expect(H264Level(profile: 244, level: 40).maxBitrate == 80_000)
        #expect(H264Level(profile: 100, level: 43).maxBitrate == nil)
        #expect(H264Level(profile: 100, level: 42).vbv == VBV(maxRate: 43_750, bufferSize: 15_625))
        #expect(H264Level(profile: 100, level: 43).vbv == nil)
        // An SPS after a start code: NAL header 0x67, profile 100, flags, level 42.
        let sps: [UInt8] = [0, 0, 0, 1, 0x67, 100, 0, 42, 0xAC, 0xD9]
        #expect(sps.withUnsafeBufferPointer(H264Level.inParameterSets) == H264Level(profile: 100, level: 42))
        // Level 1b in Baseline: level_idc 11 with constraint_set3.
        let oneB: [UInt8] = [0, 0, 1, 0x67, 66, 0x10, 11, 0]
        #expect(oneB.withUnsafeBufferPointer(H264Level.inParameterSets)?.name == "1b")
        let pps: [UInt8] = [0, 0, 1, 0x68, 0xEE, 0x3C, 0x80, 0]
        #expect(pps.withUnsafeBufferPointer(H264Level.inParameterSets) == nil)
    }

    @Test("chroma siting is signalled as centred, as the conversion averages each 2×2 block",
          arguments: [("mp4", VideoCodec.h264), ("mkv", .h264), ("webm", .vp9)])
    func chromaLocation(_ c: (String, VideoCodec)) throws {
        let scratch = try TemporaryDirectory("chroma-location")
        let url = scratch.url.appendingPathComponent("clip.\(c.0)")
        try encodePattern(to: url, width: 96, height: 64, count: 2, options: VideoOptions(codec: c.1, alpha: false))
        #expect(try probePackets(url).chromaLocation == "center")
    }

    @Test("VP9 and AV1 take x264's preset names as their speeds")
    func speeds() throws {
        func settings(_ codec: VideoCodec, _ preset: X264Preset) throws -> [String: String] {
            let options = try VideoOptions(codec: codec, preset: preset.rawValue)
            let format = try OutputFormat(url: URL(fileURLWithPath: "/tmp/x.webm"), options: options)
            return Dictionary(EncoderSettings(format: format, options: options, fps: 30).options) { a, _ in a }
        }
        #expect(try settings(.vp9, .medium)["cpu-used"] == "4")
        #expect(try settings(.vp9, .medium)["deadline"] == "good")
        #expect(try settings(.vp9, .ultrafast)["deadline"] == "realtime")
        #expect(try settings(.vp9, .ultrafast)["cpu-used"] == "8")
        #expect(try settings(.vp9, .veryslow)["cpu-used"] == "1")
        #expect(try settings(.av1, .medium)["cpu-used"] == "6")
        #expect(try settings(.av1, .ultrafast)["usage"] == "realtime")
        #expect(try settings(.av1, .slow)["cpu-used"] == "5")
        // Faster presets are never slower settings than the ones after them.
        for (a, b) in zip(X264Preset.allCases, X264Preset.allCases.dropFirst()) {
            #expect(a.vp9Speed.cpuUsed >= b.vp9Speed.cpuUsed)
            #expect(a.av1Speed.cpuUsed >= b.av1Speed.cpuUsed)
        }
    }
}
