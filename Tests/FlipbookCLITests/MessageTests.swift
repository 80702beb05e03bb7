import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// Each failure a person can run into, through the real `flipbook` process: exit status, the
/// message's key words and location, and that nothing was created or changed.
@Suite("flipbook failure messages")
struct MessageTests {
    @Test("a directory given as a scene file says so")
    func directoryAsScene() throws {
        let scratch = try TemporaryDirectory.cli()
        try FileManager.default.createDirectory(at: scratch.file("scenes"), withIntermediateDirectories: false)
        let run = try Tool.run(["still", scratch.path("scenes"), "-o", scratch.path("x.png")])
        #expect(run.status == 1)
        #expect(run.error == "error: \(scratch.path("scenes")) is a directory, not a scene file.\n")
        #expect(scratch.contents == ["scenes"])
    }

    @Test("a device given as a scene file is not a regular file")
    func deviceAsScene() throws {
        let scratch = try TemporaryDirectory.cli()
        let run = try Tool.run(["render", "/dev/zero", "-o", scratch.path("x.mp4")])
        #expect(run.status == 1)
        #expect(run.error == "error: Cannot read the scene file /dev/zero: it is not a regular file (it is a character device).\n")
        #expect(scratch.contents.isEmpty)
    }

    @Test("a still past the end of the clip names the clip's length; the file there is kept")
    func stillPastTheEnd() throws {
        let scratch = try TemporaryDirectory.cli()
        try scratch.write("x.png", "earlier still")
        let run = try Tool.run(["still", "confetti", "--time", "5", "-o", scratch.path("x.png")])
        #expect(run.status == 2)
        #expect(run.error == "error: --time 5 is past the end of the 3 s clip (last frame at 2.983 s).\n")
        #expect(try String(contentsOfFile: scratch.path("x.png"), encoding: .utf8) == "earlier still")
        #expect(scratch.contents == ["x.png"])
    }

    @Test("a clip larger than H.264 allows is refused up front at --size")
    func codecLimit() throws {
        let scratch = try TemporaryDirectory.cli()
        let run = try Tool.run(["render", "confetti", "--size", "16384x16384", "-o", scratch.path("x.mp4")])
        #expect(run.status == 2)
        #expect(run.error.hasPrefix("error: --size must fit H264's largest level: at most 16384 pixels on a side and 139264 macroblocks"))
        #expect(run.error.contains("it is 16384×16384 (1048576 macroblocks)."))
        #expect(scratch.contents.isEmpty)
    }

    @Test("a bad frame rate reads the same from a flag and from a scene file")
    func frameRateEverywhere() throws {
        let scratch = try TemporaryDirectory.cli()
        let flag = try Tool.run(["render", "confetti", "--fps", "0", "-o", scratch.path("x.mp4")])
        #expect(flag.status == 2)
        #expect(flag.error == "error: --fps \(FrameRate.requirement); it is 0.\n")
        let scene = try scratch.write("zero.json", #"{"fps": 0, "layers": [{"scene": "confetti"}]}"#)
        let file = try Tool.run(["render", scene, "-o", scratch.path("x.mp4")])
        #expect(file.status == 2)
        #expect(file.error.contains("\(FrameRate.requirement); it is 0"), "\(file.error)")
        #expect(file.error.contains("zero.json"))
        #expect(scratch.contents == ["zero.json"])
    }

    @Test("a bad value a flag or a batch job puts over a scene file's own is placed at the flag or the job's key, not the file")
    func overrideOverFile() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("scene.json", #"{"size": [64, 48], "scale": 1, "fps": 10, "duration": 1, "layers": [{"scene": "confetti"}]}"#)
        let cases: [(flags: [String], error: String)] = [
            (["--fps", "1001"], "error: --fps \(FrameRate.requirement); it is 1001.\n"),
            (["--duration", "0"], "error: --duration must be greater than 0 and at most 86400 seconds; it is 0.\n"),
            (["--scale", "0"], "error: --scale must be greater than 0 and at most 100 pixels per point; it is 0.\n"),
            (["--size", "99999x99999"], "error: --size must be between 1 and 32767 pixels on each side and at most 268435456 "
                + "pixels in all; it is 99999×99999 pixels.\n"),
        ]
        for (flags, error) in cases {
            let run = try Tool.run(["render", scene, "-o", scratch.path("x.mp4")] + flags)
            #expect(run.status == 2 && run.error == error, "\(flags): \(run.error)")
        }
        let jobs = try scratch.write("jobs.json", #"{"jobs": [{"scene": "scene.json", "output": "a.mp4", "fps": 1001}]}"#)
        let batch = try Tool.run(["batch", jobs, "--quiet"])
        #expect(batch.status == 2)
        #expect(batch.output.contains("#1 a.mp4: jobs[0].fps \(FrameRate.requirement); it is 1001."), "\(batch.output)")
        // The file's own bad value is still the file's.
        let bad = try scratch.write("bad.json", #"{"fps": 1001, "layers": [{"scene": "confetti"}]}"#)
        let own = try Tool.run(["render", bad, "-o", scratch.path("x.mp4"), "--duration", "1"])
        #expect(own.status == 2 && own.error.contains("bad.json") && own.error.contains("it is 1001"), "\(own.error)")
        #expect(scratch.contents == ["bad.json", "jobs.json", "scene.json"])
    }

    @Test("a bad CRF exits 2 with the same words on the command line and in a batch file")
    func crfEverywhere() throws {
        let scratch = try TemporaryDirectory.cli()
        let flag = try Tool.run(["render", "confetti", "--crf", "60", "-o", scratch.path("x.mp4")])
        #expect(flag.status == 2)
        #expect(flag.error == "error: --crf must be between 0 and 51 for H.264; it is 60. CRF ranges: h264, hevc 0...51; vp9, av1 0...63.\n")
        let jobs = try scratch.write("jobs.json", """
            {"jobs": [
              {"scene": "confetti", "output": "a.png", "size": "60x100"},
              {"scene": "confetti", "output": "b.mp4", "crf": 60}
            ]}
            """)
        let batch = try Tool.run(["batch", jobs, "--quiet"])
        #expect(batch.status == 2)
        #expect(batch.output.contains("#2 b.mp4: jobs[1].crf must be between 0 and 51 for H.264; it is 60. CRF ranges: h264, hevc 0...51; vp9, av1 0...63."))
        #expect(batch.output.contains("#2 b.mp4  INVALID"))
        // The other job ran.
        #expect(batch.output.contains("1 succeeded, 0 failed, 1 invalid in "))
        #expect(batch.error == "error: 1 of 2 jobs did not succeed; see the summary above.\n")
        #expect(scratch.contents == ["a.png", "jobs.json"])
    }

    @Test("an unknown key in a batch file is an error with a suggestion, and nothing runs")
    func batchUnknownKey() throws {
        let scratch = try TemporaryDirectory.cli()
        let jobs = try scratch.write("jobs.json", #"{"jobs": [{"scene": "confetti", "output": "a.png", "sede": 3}]}"#)
        let run = try Tool.run(["batch", jobs])
        #expect(run.status == 2)
        #expect(run.error.hasPrefix("error: \(jobs): jobs[0].sede is not a key of a batch job. Did you mean 'seed'? Known keys: \(BatchJob.keys.prefix(2).joined(separator: ", ")),"))
        #expect(scratch.contents == ["jobs.json"])
    }

    @Test("a batch file with fps 29.97 renders at the NTSC rate")
    func batchNTSC() throws {
        let scratch = try TemporaryDirectory.cli()
        let jobs = try scratch.write("jobs.json", """
            {"jobs": [{"scene": "confetti", "output": "a.mp4", "size": "64x64", "fps": 29.97, "duration": 1,
                       "preset": "ultrafast"}]}
            """)
        let run = try Tool.run(["batch", jobs, "--quiet"])
        #expect(run.status == 0, "\(run.error)")
        let clip = try probeMP4(scratch.file("a.mp4"))
        #expect(clip.frames == 30)
        #expect(abs(clip.duration - 30 * 1001 / 30000.0) < 0.01)
    }
}
