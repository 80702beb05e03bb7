import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook` given Lottie files as other exporters write them: a Telegram sticker, a frame rate that
/// is no video rate, and a sticker that inflates past the size limit.
@Suite struct LottieExporterToolTests {
    /// A sticker of 200 KB that inflates to 200 MB of JSON: refused as it passes 16 MiB, in the memory
    /// an ordinary file takes.
    @Test func aStickerInflatingPastTheLimitExitsTwoInLittleMemory() throws {
        let scratch = try TemporaryDirectory.cli()
        let bomb = scratch.file("bomb.tgs")
        let script = """
            import gzip, sys
            body = b'{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":16,"h":16,"layers":[],"nm":"' + b' ' * (200 << 20) + b'"}'
            open(sys.argv[1], "wb").write(gzip.compress(body, 9))
            """
        let made = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, bomb.path], in: scratch.url)
        try #require(made.status == 0, "python3: \(made.error)")
        let output = scratch.file("out.webm")
        let refused = try LottieToolTests.measure(["render", bomb.path, "-o", output.path], in: scratch)
        #expect(refused.status == 2, "\(refused.error)")
        #expect(refused.error == "error: \(bomb.path) must inflate to at most 16777216 bytes (LottieLimits.maximumFileSize); "
                    + "it inflates past that.\n", "\(refused.error)")
        #expect(refused.peakBytes < 100_000_000, "peak \(refused.peakBytes) bytes")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aStickerRendersAsItsJSON() throws {
        let scratch = try TemporaryDirectory.cli()
        let sticker = LottieToolTests.folder.appendingPathComponent("moving-box.tgs").path
        let run = try Tool.run(["render", sticker, "-o", "box.webm", "--background", "transparent"], in: scratch.url)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("30 frames"), "\(run.output)")
    }

    /// After Effects' 60.0333709716797 fps: `render`, `still` and `sheet` play it on a 60 fps timeline.
    @Test(arguments: [["render", "-o", "out.mp4"], ["still", "--frame", "10", "-o", "out.png"], ["sheet", "-o", "sheet.png"]])
    func aFrameRateThatIsNoVideoRateRenders(command: [String]) throws {
        let scratch = try TemporaryDirectory.cli()
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: LottieToolTests.folder.appendingPathComponent("moving-box.json")))
            as! [String: Any]
        json["fr"] = 60.0333709716797
        let file = scratch.file("ae.json")
        try JSONSerialization.data(withJSONObject: json).write(to: file)
        let run = try Tool.run([command[0], file.path] + command.dropFirst(), in: scratch.url)
        #expect(run.status == 0, "\(run.error)")
        #expect(FileManager.default.fileExists(atPath: scratch.path(command[command.count - 1])))
    }
}
