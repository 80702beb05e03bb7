import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

@Suite("flipbook --motion-blur")
struct MotionBlurToolTests {
    @Test("--motion-blur blurs what moves and nothing else; the file's own blur is replaced")
    func blurFlag() throws {
        let scratch = try TemporaryDirectory.cli()
        // A bar sliding 300 points a second at 10 fps, beside one that stands still.
        let scene = try scratch.write("bars.json", """
            {"size": [120, 40], "scale": 1, "fps": 10, "duration": 1, "background": "white",
             "motionBlur": {"shutter": 10, "samples": 2},
             "layers": [{"scene": "shape", "shape": "rect", "size": [10, 10], "fill": "black",
                         "position": [{"time": 0, "value": [20, 10]}, {"time": 1, "value": [320, 10]}]},
                        {"scene": "shape", "shape": "rect", "size": [10, 10], "fill": "black", "position": [60, 30]}]}
            """)
        let sharp = try Tool.run(["still", scene, "--frame", "1", "-o", scratch.path("sharp.png")])
        #expect(sharp.status == 0, "stderr: \(sharp.error)")
        let blurred = try Tool.run(["still", scene, "--frame", "1", "--motion-blur", "180/8", "-o", scratch.path("blurred.png")])
        #expect(blurred.status == 0, "stderr: \(blurred.error)")
        let a = try Bitmap(contentsOfPNG: scratch.file("sharp.png")), b = try Bitmap(contentsOfPNG: scratch.file("blurred.png"))
        func extent(_ bitmap: Bitmap, row: Int) -> Int {
            let inked = (0..<bitmap.width).filter { bitmap.pixel(x: $0, y: row).red < 0.99 }
            return (inked.last ?? 0) - (inked.first ?? 0) + 1
        }
        // The file's 10° streaks 30 × 10/360 < 1 px (its two sub-frames soften each edge by a pixel);
        // the flag's 180° streaks 15 px.
        #expect(extent(a, row: 10) <= 12)
        #expect(abs(extent(b, row: 10) - (10 + 15)) <= 1)
        #expect(extent(b, row: 30) == extent(a, row: 30))
    }

    @Test("bad --motion-blur values are usage errors naming the flag", arguments: [
        (["--motion-blur", "400/8"], "error: --motion-blur shutter must be greater than 0 and at most 360 degrees; it is 400.\n"),
        (["--motion-blur", "180/0"], "error: --motion-blur samples must be between 1 and 64 sub-frames; it is 0.\n"),
        (["--motion-blur", "fast"], "error: The value 'fast' is invalid for '--motion-blur <shutter/samples>'"),
    ])
    func badValues(arguments: [String], message: String) throws {
        let scratch = try TemporaryDirectory.cli()
        let run = try Tool.run(["still", "confetti", "-o", scratch.path("x.png")] + arguments)
        #expect(run.status == 2, "stderr: \(run.error)")
        #expect(run.error.hasPrefix(message), "stderr: \(run.error)")
        #expect(scratch.contents.isEmpty)
    }
}
