import FlipbookAudio
import FlipbookTestSupport
import Foundation
import Testing

/// Video layers end to end: the same pixels however the clip is cut, the file's sound in the
/// output, and the exit statuses of bad sources.
@Suite("Video layers on the command line")
struct VideoLayerToolTests {
    /// A 4-second 30 fps numbered clip with a 440 Hz tone, `clip.mp4` in `scratch`.
    func clipWithSound(_ scratch: TemporaryDirectory) throws {
        let pictures = scratch.file("pictures.mp4")
        try FrameCodedClip.write(to: pictures, fps: 30, frames: 120)
        _ = try ffmpegTool("ffmpeg", ["-i", pictures.path, "-f", "lavfi", "-i", "sine=f=440:d=4", "-c:v", "copy", "-c:a", "aac",
                                      "-shortest", scratch.path("clip.mp4")])
    }

    @Test("--frames and --chunk draw the same pixels as the whole render, motion blur's sub-frames included")
    func rangesMatchWhole() throws {
        let scratch = try TemporaryDirectory.cli()
        try FrameCodedClip.write(to: scratch.file("clip.mp4"), fps: 30, frames: 150)
        let scene = try scratch.write("scene.json", #"""
            {"size": [64, 36], "scale": 1, "fps": 25, "duration": 2, "layers": [
              {"scene": "video", "src": "clip.mp4", "trim": [2.3, 5], "speed": 1.1},
              {"scene": "confetti", "seed": 2}]}
            """#)
        for folder in ["whole", "range", "chunk"] { try FileManager.default.createDirectory(at: scratch.file(folder), withIntermediateDirectories: true) }
        let runs = [
            try Tool.run(["render", scene, "-o", scratch.path("whole/f-%05d.png"), "--motion-blur", "0.5/3"]),
            try Tool.run(["render", scene, "-o", scratch.path("range/f-%05d.png"), "--frames", "17-29", "--motion-blur", "0.5/3"]),
            try Tool.run(["render", scene, "-o", scratch.path("chunk/f-%05d.png"), "--chunk", "3/3", "--motion-blur", "0.5/3"]),
        ]
        for run in runs { #expect(run.status == 0, "\(run.error)") }
        for folder in ["range", "chunk"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path(folder)).sorted()
            #expect(names.count >= 13)
            for name in names {
                let part = try Data(contentsOf: scratch.file("\(folder)/\(name)"))
                let whole = try Data(contentsOf: scratch.file("whole/\(name)"))
                #expect(part == whole, "\(folder)/\(name) differs from the whole render's")
            }
        }
    }

    @Test("The clip's sound joins the mix, trimmed: 2 s of tone, then silence; a chunk keeps its part")
    func sound() throws {
        let scratch = try TemporaryDirectory.cli()
        try clipWithSound(scratch)
        let scene = try scratch.write("scene.json", #"""
            {"size": [64, 36], "scale": 1, "fps": 30, "duration": 3, "layers": [
              {"scene": "video", "src": "clip.mp4", "trim": [0.5, 2.5]}]}
            """#)
        let run = try Tool.run(["render", scene, "-o", scratch.path("out.mp4")])
        #expect(run.status == 0, "\(run.error)")
        let sound = try decodedSound(scratch.file("out.mp4"))
        #expect(abs(sound.duration - 3) < 0.05, "\(sound.duration)")
        func peak(_ from: Double, _ to: Double) -> Float {
            sound.frames(AudioSamples.frame(at: from)..<AudioSamples.frame(at: to)).samplePeak
        }
        #expect(peak(0.1, 1.9) > 0.05)
        #expect(peak(2.1, 2.9) < 0.001)
        let chunk = try Tool.run(["render", scene, "-o", scratch.path("part.mp4"), "--chunk", "2/2"])
        #expect(chunk.status == 0, "\(chunk.error)")
        #expect(try probeAudio(scratch.file("part.mp4")) != nil)
    }

    @Test("A missing source exits 2 before drawing; a stream damaged mid-way exits 1 naming the file and the time; nothing is left")
    func exitStatuses() throws {
        let scratch = try TemporaryDirectory.cli()
        let missing = try scratch.write("missing.json", #"{"size": [64, 36], "layers": [{"scene": "video", "src": "none.mp4"}]}"#)
        let refused = try Tool.run(["render", missing, "-o", scratch.path("a.mp4")])
        #expect(refused.status == 2)
        #expect(refused.error.contains("layers[0].src names \(scratch.url.path)/none.mp4, which does not exist."), "\(refused.error)")
        try FrameCodedClip.write(to: scratch.file("clean.mp4"), fps: 30, frames: 90)
        try FrameCodedClip.damaged(Data(contentsOf: scratch.file("clean.mp4"))).write(to: scratch.file("damaged.mp4"))
        let damaged = try scratch.write("damaged.json", #"{"size": [64, 36], "fps": 30, "duration": 3, "layers": [{"scene": "video", "src": "damaged.mp4"}]}"#)
        let failed = try Tool.run(["render", damaged, "-o", scratch.path("b.mp4")])
        #expect(failed.status == 1)
        #expect(failed.error.contains("The video file \(scratch.url.path)/damaged.mp4 could not be decoded at "), "\(failed.error)")
        #expect(scratch.contents == ["clean.mp4", "damaged.json", "damaged.mp4", "missing.json"])
    }
}
