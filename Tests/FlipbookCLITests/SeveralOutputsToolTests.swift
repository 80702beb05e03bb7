import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

@Suite("render with several -o")
struct SeveralOutputsToolTests {
    @Test("-o a.mp4 -o b.webm -o c.gif writes each file as rendering it alone would, with a line per output")
    func together() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("scene.json", smallScene)
        let run = try Tool.run(["render", scene, "-o", scratch.path("a.mp4"), "-o", scratch.path("b.webm"),
                                "-o", scratch.path("c.gif")])
        #expect(run.status == 0, "stderr: \(run.error)")
        let lines = run.output.split(separator: "\n").filter { $0.hasPrefix("Wrote ") }
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("Wrote \(scratch.path("a.mp4")) (H.264 yuv420p, ") == true, "\(run.output)")
        #expect(lines.dropFirst().first?.hasPrefix("Wrote \(scratch.path("b.webm")) (VP9 yuv420p, 5 frames, 64x48, 0.50 s)") == true)
        #expect(lines.last?.hasPrefix("Wrote \(scratch.path("c.gif")) (GIF pal8, 5 frames, 64x48, 0.50 s)") == true)
        for name in ["a.mp4", "b.webm", "c.gif"] {
            let alone = try Tool.run(["render", scene, "-o", scratch.path("alone-" + name), "-q"])
            #expect(alone.status == 0)
            #expect(try Data(contentsOf: scratch.file(name)) == Data(contentsOf: scratch.file("alone-" + name)), "\(name)")
        }
        #expect(scratch.partialFiles.isEmpty)
    }

    @Test("a file named twice, --chunk with several outputs, and a codec setting one output lacks are usage errors")
    func refused() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("scene.json", smallScene)
        let twice = try Tool.run(["render", scene, "-o", scratch.path("a.mp4"), "-o", scratch.path("b.gif"),
                                  "-o", scratch.path("a.mp4")])
        #expect(twice.status == 2)
        #expect(twice.error.contains("error: --output names \(scratch.path("a.mp4")) twice; each output needs a file of its own."),
                "\(twice.error)")
        let chunk = try Tool.run(["render", scene, "-o", scratch.path("a-{chunk}.mp4"), "-o", scratch.path("b.mp4"),
                                  "--chunk", "1/2"])
        #expect(chunk.status == 2)
        #expect(chunk.error.contains("error: --chunk writes one part of one clip; give a single -o with it."), "\(chunk.error)")
        let crf = try Tool.run(["render", scene, "-o", scratch.path("a.mp4"), "-o", scratch.path("b.gif"), "--crf", "18"])
        #expect(crf.status == 2)
        #expect(crf.error.contains("error: --crf is set (18) but GIF has no crf; codecs with one: h264, hevc, vp9, av1."),
                "\(crf.error)")
        let still = try Tool.run(["render", scene, "-o", scratch.path("a.mp4"), "-o", scratch.path("b.png")])
        #expect(still.status == 2)
        #expect(still.error.contains("A single frame is a still, not a clip."), "\(still.error)")
        #expect(scratch.contents == ["scene.json"])
    }

    @Test("--dry-run prints each output's plan")
    func dryRun() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("scene.json", smallScene)
        let run = try Tool.run(["render", scene, "-o", scratch.path("a.mp4"), "-o", scratch.path("c.gif"), "--dry-run", "--json"])
        #expect(run.status == 0, "stderr: \(run.error)")
        let plans = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]]
        #expect(plans?.count == 2)
        #expect(scratch.contents == ["scene.json"])
    }
}
