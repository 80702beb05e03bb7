import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// Without a cap or an asked level, H.264 is encoded once at full speed and signals the lowest
/// level its stream fits; the level is read back from the file and checked against the stream's
/// own packet sizes, not the encoder's report.
@Suite("Render: H.264 signals the level its stream fits")
struct LevelFitRenderTests {
    /// 160×90 at 30 fps of noise: x264 signals 1.1, whose 240 kb/s the stream goes well over.
    private func snow() throws -> Timeline {
        try Timeline(size: CGSize(width: 160, height: 90), fps: 30, duration: 1, background: .white,
                     layers: [Timeline.Layer(Snow())])
    }

    @Test("a clip over x264's level signals a higher level whose limits it meets, one pass, the same bytes twice")
    func fitsAHigherLevel() throws {
        let scratch = try TemporaryDirectory("level-fit")
        var files = Set<Data>()
        for run in 0..<2 {
            let url = scratch.url.appendingPathComponent("snow-\(run).mp4")
            let report = try render(try snow(), to: url)
            #expect(report.rateCapNote == nil && report.encoderThreads == VideoOptions.defaultEncoderThreads)
            let stream = try probePackets(url)
            #expect(stream.x264Options["vbv_maxrate"] == nil && stream.x264Options["threads"] == String(VideoOptions.defaultEncoderThreads))
            let signalled = try #require(SignalledH264Level(avcC: stream.extradata))
            #expect(signalled.avcLevel == signalled.spsLevel && signalled.profile == 100)
            #expect(Int(stream.level) == signalled.spsLevel)
            #expect(signalled.spsLevel > 11)
            // The level holds the stream's peak second, in both orders, and is at most one step
            // above the lowest level that does.
            let peak = max(peakOneSecondBits(stream, framesPerSecond: 30, displayOrder: false),
                           peakOneSecondBits(stream, framesPerSecond: 30, displayOrder: true))
            #expect(peak > 240_000)
            #expect(peak <= highProfileMaxBitrate(level: signalled.spsLevel) ?? 0)
            let needed = try #require(lowestHighLevel(peak: peak, width: 160, height: 90, fps: 30))
            let steps = try #require(levelSteps(from: needed, to: signalled.spsLevel))
            #expect(steps >= 0 && steps <= 1)
            #expect(report.level == levelName(signalled.spsLevel))
            #expect(report.levelNote?.hasPrefix("level \(levelName(signalled.spsLevel)): a one-second peak of ") == true)
            #expect(report.levelNote?.contains(" is over ") == true || report.levelNote?.contains("needs a buffer") == true)
            files.insert(try Data(contentsOf: url))
            try expectPlays(url, frames: 30, level: signalled.spsLevel)
        }
        #expect(files.count == 1)
    }

    @Test("a chunk still holds x264's level, so its parts join")
    func chunkHoldsX264sLevel() throws {
        let scratch = try TemporaryDirectory("level-fit")
        let timeline = try Timeline(size: CGSize(width: 160, height: 90), fps: 30, duration: 2, background: .white,
                                    layers: [Timeline.Layer(Snow())])
        let url = scratch.url.appendingPathComponent("part.mp4")
        let report = try render(timeline, part: try ClipPart(Chunk(1, of: 2), of: timeline), to: url)
        #expect(report.levelNote?.hasPrefix("level 1.1: x264's choice") == true)
        #expect(try SignalledH264Level(avcC: probePackets(url).extradata)?.spsLevel == 11)
    }

    /// "4.2" for 42.
    private func levelName(_ idc: Int) -> String { "\(idc / 10).\(idc % 10)" }

    /// The `ffmpeg` command decodes every frame without an error, and `ffprobe` reports `level`.
    private func expectPlays(_ url: URL, frames: Int, level: Int) throws {
        let ffprobe = URL(fileURLWithPath: "/usr/bin/ffprobe"), ffmpeg = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        guard FileManager.default.isExecutableFile(atPath: ffprobe.path),
              FileManager.default.isExecutableFile(atPath: ffmpeg.path) else { return }
        let decode = try runProcess(ffmpeg, ["-v", "error", "-xerror", "-i", url.path, "-f", "null", "-"])
        #expect(decode.status == 0 && decode.error.isEmpty, "ffmpeg: \(decode.error)")
        let probe = try runProcess(ffprobe, ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_streams", url.path])
        #expect(probe.output.contains("\nlevel=\(level)\n"), "\(probe.output)")
        #expect(probe.output.contains("\nnb_read_frames=\(frames)\n"), "\(probe.output)")
    }
}
