import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// A ripple growing from the centre of a 64×48 canvas, 10 fps, 6 frames, no background: the corners
/// stay empty.
let rippleScene = """
    {
      "size": [64, 48], "scale": 1, "fps": 10, "duration": 0.6,
      "layers": [{"scene": "ripples", "ripples": [{"center": [32, 24], "start": 0, "color": "blue"}], "speed": 40}]
    }
    """

@Suite("flipbook render: every output format")
struct OutputFormatToolTests {
    @Test("each format decodes back with its codec and frame count; transparency kept where asked",
          arguments: [("clip.mp4", "h264", "H.264 yuv420p, level 1.0"), ("clip.mov", "prores", "ProRes yuva444p10le"),
                      ("clip.webm", "vp9", "VP9 yuva420p"), ("clip.gif", "gif", "GIF pal8"),
                      ("clip.apng", "apng", "APNG rgba")])
    func formats(file: String, codecName: String, summary: String) throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("ripple.json", rippleScene)
        let transparent = file != "clip.mp4"
        let run = try Tool.run(["render", scene, "-o", scratch.path(file), "--workers", "2"]
                               + (transparent ? ["--background", "transparent"] : []))
        #expect(run.status == 0, "stderr: \(run.error)")
        #expect(run.output.contains("(\(summary), 6 frames, 64x48, 0.60 s)"), "\(run.output)")
        if file == "clip.mp4" {
            #expect(run.output.contains("Level: level 1.0: x264's choice, the stream fits it"), "\(run.output)")
        }
        if file == "clip.gif" {
            #expect(run.output.contains("GIF timing: 10 fps is written exactly, as delays of 10/100 s."), "\(run.output)")
        }
        let clip = try decodeClip(scratch.file(file))
        #expect(clip.codecName == codecName)
        #expect(clip.frameCount == 6)
        let corner = try #require(clip.frames.first).pixel(0, 0)
        #expect(corner.a == (transparent ? 0 : 255), "\(corner)")
    }

    @Test("transparency asked of an MP4 is an error at --background naming the formats with alpha")
    func alphaInMP4() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("ripple.json", rippleScene)
        let run = try Tool.run(["render", scene, "-o", scratch.path("clip.mp4"), "--background", "transparent"])
        #expect(run.status == 2)
        #expect(run.error.contains("--background needs a format with transparency"), "\(run.error)")
        #expect(run.error.contains(".webm (VP9)"), "\(run.error)")
        #expect(scratch.contents == ["ripple.json"])
    }

    @Test("a setting the codec lacks, a codec the container cannot hold and a range past the end are usage errors at their flag",
          arguments: [
              (["--crf", "30", "-o", "clip.gif"], "--crf is set (30) but GIF has no crf; codecs with one: h264, hevc, vp9, av1."),
              (["--codec", "gif", "-o", "clip.mp4"], "--codec gif cannot be written in MP4"),
              (["--loop", "2", "-o", "clip.mp4"], "--loop is set (2) but MP4 does not loop"),
              (["--keyint", "1", "-o", "clip.gif"], "--keyint is set (1) but GIF has no keyframeInterval; codecs with one: h264, hevc, vp9, av1."),
              (["--frames", "4-9", "-o", "clip.mp4"], "--frames must lie within 0-5: the clip has 6 frames"),
              (["--pixel-format", "yuv420p10le", "-o", "clip.mp4"], "--pixel-format must be one of yuv420p"),
              (["--max-bitrate", "8M", "-o", "clip.webm"], "--max-bitrate is set (8M) but VP9 has no maxBitrate; codecs with one: h264, hevc."),
              (["--max-bitrate", "5k", "-o", "clip.mp4"], "--max-bitrate must be between 10k and 10G bits per second; it is 5k."),
              (["--max-bitrate", "8X", "-o", "clip.mp4"], "The value '8X' is invalid for '--max-bitrate <rate>'"),
              (["--preset", "slow", "-o", "clip.gif"], "--preset is set (slow) but GIF has no preset; codecs with one: h264, hevc, vp9, av1."),
          ])
    func settingErrors(arguments: [String], message: String) throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("ripple.json", rippleScene)
        let run = try Tool.run(["render", scene] + arguments, in: scratch.url)
        #expect(run.status == 2)
        #expect(run.error.contains(message), "\(run.error)")
        #expect(scratch.contents == ["ripple.json"])
    }

    @Test("--frames 2-4: frame k of the range clip is frame 2 + k of the whole clip")
    func frameRange() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("ripple.json", rippleScene)
        for (name, extra) in [("whole.apng", [String]()), ("part.apng", ["--frames", "2-4"])] {
            let run = try Tool.run(["render", scene, "-o", scratch.path(name)] + extra)
            #expect(run.status == 0, "stderr: \(run.error)")
            if !extra.isEmpty {
                #expect(run.output.contains("(APNG rgba, frames 2-4: 3 frames, 64x48, 0.30 s)"), "\(run.output)")
            }
        }
        let whole = try decodeClip(scratch.file("whole.apng")), part = try decodeClip(scratch.file("part.apng"))
        #expect(part.frameCount == 3)
        #expect(part.frameTimes.first == 0)
        for k in 0..<min(part.frameCount, 3) {
            #expect(part.frames[k].pixels == whole.frames[2 + k].pixels, "frame \(k)")
        }
    }

    @Test("a PNG sequence is numbered from the first frame rendered; --format names a container")
    func pngSequence() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("ripple.json", rippleScene)
        let run = try Tool.run(["render", scene, "-o", scratch.path("f-%03d.png"), "--frames", "3-5",
                                "--background", "transparent"])
        #expect(run.status == 0, "stderr: \(run.error)")
        #expect(scratch.contents == ["f-003.png", "f-004.png", "f-005.png", "ripple.json"])
        let clip = try Tool.run(["render", scene, "-o", scratch.path("clip.bin"), "--format", "webm"])
        #expect(clip.status == 0, "stderr: \(clip.error)")
        #expect(try decodeClip(scratch.file("clip.bin")).codecName == "vp9")
    }

    @Test("--quality draft renders at half the pixel size")
    func draft() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("ripple.json", rippleScene)
        let run = try Tool.run(["render", scene, "-o", scratch.path("clip.mp4"), "--quality", "draft", "--scale", "2"])
        #expect(run.status == 0, "stderr: \(run.error)")
        #expect(run.output.contains("64x48"), "\(run.output)")
        #expect(try decodeClip(scratch.file("clip.mp4")).frames.first?.width == 64)
    }

    @Test("still --frame N draws what --time N/fps draws")
    func stillFrame() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("ripple.json", rippleScene)
        let byFrame = try Tool.run(["still", scene, "--frame", "3", "-o", scratch.path("frame.png")])
        let byTime = try Tool.run(["still", scene, "--time", "0.3", "-o", scratch.path("time.png")])
        #expect(byFrame.status == 0 && byTime.status == 0, "\(byFrame.error)\(byTime.error)")
        #expect(try Data(contentsOf: scratch.file("frame.png")) == Data(contentsOf: scratch.file("time.png")))
        let past = try Tool.run(["still", scene, "--frame", "6", "-o", scratch.path("past.png")])
        #expect(past.status == 2)
        #expect(past.error.contains("--frame must be between 0 and 5: the clip has 6 frames"), "\(past.error)")
    }
}
