import Foundation
import Testing
import FlipbookTestSupport
import FlipbookDrawing
import Flipbook

@Suite("flipbook command line")
struct ToolTests {
    @Test("render writes an MP4 clip from a scene file")
    func renderClip() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("small.json", smallScene)
        let run = try Tool.run(["render", scene, "-o", scratch.path("clip.mp4"), "--preset", "ultrafast"])
        #expect(run.status == 0, "stderr: \(run.error)")
        #expect(run.output.contains("5 frames"))
        let clip = try probeMP4(scratch.file("clip.mp4"))
        #expect(clip.frames == 5 && clip.width == 64 && clip.height == 48)
        #expect(scratch.contents == ["clip.mp4", "small.json"])
    }

    @Test("still writes PNG at pixel size, and PDF and SVG")
    func stills() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("small.json", smallScene)
        let png = try Tool.run(["still", scene, "--time", "0.3", "-o", scratch.path("f.png"), "--scale", "2"])
        #expect(png.status == 0, "stderr: \(png.error)")
        let bitmap = try Bitmap(contentsOfPNG: URL(fileURLWithPath: scratch.path("f.png")))
        #expect(bitmap.width == 128 && bitmap.height == 96)
        // The white background is there, and something was drawn on it.
        #expect(bitmap.pixel(x: 0, y: 0) == .white)
        var nonWhite = 0
        for y in 0..<bitmap.height { for x in 0..<bitmap.width where bitmap.pixel(x: x, y: y) != .white { nonWhite += 1 } }
        #expect(nonWhite > 50)

        for format in ["pdf", "svg"] {
            let run = try Tool.run(["still", scene, "--time", "0.3", "-o", scratch.path("f.\(format)")])
            #expect(run.status == 0, "stderr: \(run.error)")
            let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("f.\(format)")))
            let head = String(decoding: data.prefix(5), as: UTF8.self)
            #expect(format == "pdf" ? head == "%PDF-" : head.hasPrefix("<?xml"))
        }
    }

    @Test("the same seed gives the same still; another seed a different one")
    func seeds() throws {
        let scratch = try TemporaryDirectory.cli()
        for (name, seed) in [("a", "7"), ("b", "7"), ("c", "8")] {
            let run = try Tool.run(["still", "confetti", "--time", "0.5", "--size", "120x200", "--seed", seed,
                                    "-o", scratch.path("\(name).png")])
            #expect(run.status == 0, "stderr: \(run.error)")
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: scratch.path("a.png")))
        let b = try Data(contentsOf: URL(fileURLWithPath: scratch.path("b.png")))
        let c = try Data(contentsOf: URL(fileURLWithPath: scratch.path("c.png")))
        #expect(a == b)
        #expect(a != c)
    }

    @Test("a built-in scene adapts to a short duration instead of refusing a key the user never wrote")
    func shortPreset() throws {
        let scratch = try TemporaryDirectory.cli()
        for scene in ["ripples", "confetti"] {
            let run = try Tool.run(["still", scene, "--duration", "0.5", "--time", "0.4", "--size", "90x160",
                                    "-o", scratch.path("\(scene).png")])
            #expect(run.status == 0, "stderr: \(run.error)")
            #expect(run.error.isEmpty)
        }
        #expect(scratch.contents == ["confetti.png", "ripples.png"])
    }

    @Test("batch finishes the other jobs when one fails, prints a summary and exits 1")
    func batchWithABadJob() throws {
        let scratch = try TemporaryDirectory.cli()
        _ = try scratch.write("small.json", smallScene)
        let jobs = try scratch.write("jobs.json", """
            {"jobs": [
              {"name": "clip", "scene": "small.json", "output": "clip.mp4", "preset": "ultrafast"},
              {"name": "broken", "scene": "missing.json", "output": "broken.mp4"},
              {"name": "still", "scene": "small.json", "output": "still.png", "time": 0.2}
            ]}
            """)
        let run = try Tool.run(["batch", jobs, "--jobs", "2", "--quiet"])
        #expect(run.status == 1)
        #expect(run.output.contains("clip"))
        #expect(run.output.contains("FAILED"))
        #expect(run.output.contains("2 succeeded, 1 failed"))
        #expect(run.output.contains("missing.json"))
        #expect(scratch.contents == ["clip.mp4", "jobs.json", "small.json", "still.png"])
    }

    @Test("scenes lists both scenes with their defaults")
    func scenes() throws {
        let run = try Tool.run(["scenes"])
        #expect(run.status == 0)
        for text in ["confetti", "ripples", "gravity"] {
            #expect(run.output.contains(text), "missing \(text)")
        }
        // Each default on its parameter's own row, as a whole word: "1000" must be the cap's
        // default, not any number that happens to contain it.
        let rows = run.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.contains("maximumNumberOfRipples: whole number; default 1000; 1...1000000"))
        #expect(rows.contains("lifetime: number; default 14; > 0, ≤ 86400 seconds"))
    }

    @Test("usage errors exit 2 with a clear message and write nothing", arguments: [
        (["render", "fireworks", "-o", "OUT/x.mp4"], "error: Unknown scene 'fireworks'"),
        (["render", "confetti", "-o", "OUT/x.mp4", "--frobnicate"], "error: Unknown option '--frobnicate'"),
        (["render", "confetti", "-o", "OUT/x.mp4", "--duration=-1"], "error: --duration must be greater than 0"),
        (["render", "confetti", "-o", "OUT/x.mp4", "--duration", "-1"], "error: --duration must be greater than 0"),
        (["render", "confetti", "-o", "OUT/x.mp4", "--fps", "0"], "error: --fps must be a whole number of frames per second from 1 to 1000"),
        (["render", "confetti", "-o", "OUT/x.mp4", "--size", "0x100"], "error: --size must be between 1 and 32767 pixels on each side and at most 268435456 pixels in all; it is 0×100 pixels."),
        (["render", "confetti", "-o", "OUT/x.mp4", "--size", "20000x100"], "error: --size must fit H264's largest level"),
        (["render", "confetti", "-o", "OUT/x.mp4", "--scale", "0"], "error: --scale must be greater than 0"),
        (["still", "confetti", "-o", "OUT/x.png", "--scale", "1e-9"], "error: --scale must be a scale at which a frame (size × scale) is "
            + "between 1 and 32767 pixels on each side and at most 268435456 pixels in all; it is 1e-9. The frame is then 0×0 pixels."),
        (["render", "confetti", "-o", "OUT/x.mp4", "--crf", "60"], "error: --crf must be between 0 and 51 for H.264; it is 60. CRF ranges: h264, hevc 0...51; vp9, av1 0...63."),
        (["render", "confetti", "-o", "OUT/x.mp4", "--preset", "warp"], "error: The value 'warp' is invalid for '--preset <preset>'"),
        (["render", "confetti", "-o", "OUT/x.mp4", "--preset", "medum"], "error: The value 'medum' is invalid for '--preset <preset>'. Did you mean 'medium'? Choices:\n  - ultrafast\n"),
        (["render", "confetti", "-o", "OUT/x.mp4", "--background", "purpel"], "error: The value 'purpel' is invalid for '--background <color|transparent>'. Did you mean 'purple'?\n"),
        (["render", "confetti", "-o", "OUT/x.png"], "error: --output of a PNG sequence must hold the frame number as %05d"),
        (["render", "confetti", "-o", "OUT/x.avi"], "error: --output must end in one of .mp4, .m4v, .mov, .webm, .mkv, .gif"),
        (["still", "confetti", "-o", "OUT/x.gif"], "error: --output must be a name ending in .png, .pdf, .svg for a still; it is \"x.gif\"."),
        (["still", "confetti", "-o", "OUT/x.png", "--time", "-1"], "error: --time must be a number of seconds from 0; it is -1."),
        (["rendr", "confetti"], "error: Unknown subcommand 'rendr'. Did you mean 'render'?"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let scratch = try TemporaryDirectory.cli()
        let run = try Tool.run(arguments.map { $0.replacingOccurrences(of: "OUT", with: scratch.url.path) })
        #expect(run.status == 2, "stderr: \(run.error)")
        #expect(run.error.hasPrefix(message), "stderr: \(run.error)")
        #expect(scratch.contents.isEmpty)
    }

    @Test("a missing output directory is a file failure: exit 1, nothing written")
    func missingOutputDirectory() throws {
        let scratch = try TemporaryDirectory.cli()
        let run = try Tool.run(["render", "confetti", "-o", scratch.path("missing/x.mp4"), "--quiet"])
        #expect(run.status == 1, "stderr: \(run.error)")
        #expect(run.error.hasPrefix("error: Cannot write MP4 to \(scratch.path("missing/x.mp4")): the directory"))
        #expect(run.error.contains("does not exist"))
        #expect(scratch.contents.isEmpty)
    }

    @Test("a malformed scene file is reported by line and column")
    func malformedJSON() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("bad.json", "{\n  \"fps\": 30,\n  \"layers\": [ {\"scene\": \"confetti\" ]\n}\n")
        let run = try Tool.run(["render", scene, "-o", scratch.path("x.mp4")])
        #expect(run.status == 2)
        #expect(run.error.contains("bad.json:3:"), "stderr: \(run.error)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("x.mp4")))
    }

    @Test("out-of-range values in a scene file name their key path")
    func outOfRangeInFile() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("big.json", #"{"layers": [{"scene": "confetti", "bursts": [{"count": 500000}]}]}"#)
        let run = try Tool.run(["still", scene, "-o", scratch.path("x.png")])
        #expect(run.status == 2)
        #expect(run.error.contains("layers[0].bursts[0].count"), "stderr: \(run.error)")
        let wrongType = try scratch.write("type.json", #"{"fps": "fast"}"#)
        let typeRun = try Tool.run(["still", wrongType, "-o", scratch.path("x.png")])
        #expect(typeRun.status == 2)
        #expect(typeRun.error.contains("fps"), "stderr: \(typeRun.error)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("x.png")))
    }

    @Test("a render that fails exits 1 and keeps the file already there")
    func renderFailure() throws {
        let scratch = try TemporaryDirectory.cli()
        // A directory where the clip should go: the render cannot replace it.
        try FileManager.default.createDirectory(atPath: scratch.path("clip.mp4"), withIntermediateDirectories: false)
        let scene = try scratch.write("small.json", smallScene)
        let run = try Tool.run(["render", scene, "-o", scratch.path("clip.mp4"), "--quiet"])
        #expect(run.status == 1, "stderr: \(run.error)")
        #expect(run.error.contains("clip.mp4"))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: scratch.path("clip.mp4"), isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(scratch.contents == ["clip.mp4", "small.json"])
    }
}
