import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// Captions from the command line: the example scene renders, a malformed captions file exits 2
/// naming its line, a cue past the clip is a warning.
@Suite struct CaptionsToolTests {
    static let scene = packageFile("Fixtures/Scenes/captions.json")

    static func captionsScene(src: String, duration: Double = 1) -> String {
        #"{"size": [160, 90], "scale": 1, "fps": 10, "duration": \#(duration), "background": "black", "#
            + #""layers": [{"scene": "captions", "src": "\#(src)"}]}"#
    }

    @Test func theExampleSceneRendersAStill() throws {
        let directory = try TemporaryDirectory.cli()
        let run = try Tool.run(["still", Self.scene.path, "--time", "1.2", "-o", "captions.png"], in: directory.url)
        #expect(run.status == 0, "\(run.error)")
        #expect(!run.error.contains("warning"), "\(run.error)")
        let still = try Bitmap(contentsOfPNG: directory.file("captions.png"))
        #expect(still.width == 640 && still.height == 360)
    }

    @Test func aMalformedTimestampSkipsItsCueWithAWarningNamingTheFileAndLine() throws {
        let directory = try TemporaryDirectory.cli()
        _ = try directory.write("bad.srt", "1\n00:00:00,000 --> 00:00:01,000\nFine\n\n2\n00:00:01,000 --> 00:00:0x,000\nBroken\n")
        let scene = try directory.write("scene.json", Self.captionsScene(src: "bad.srt"))
        let run = try Tool.run(["still", scene, "--time", "0.5", "-o", "out.png"], in: directory.url)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error == "warning: \(directory.path("bad.srt")):6: the timing line \"00:00:01,000 --> 00:00:0x,000\" is not "
                    + "HH:MM:SS,mmm --> HH:MM:SS,mmm (its end time is malformed); the cue is skipped.\n")
        #expect(FileManager.default.fileExists(atPath: directory.path("out.png")))
    }

    @Test func overlappingCuesStackUnlessTheLayerRefusesThemAndACuePastTheClipIsAWarning() throws {
        let directory = try TemporaryDirectory.cli()
        _ = try directory.write("overlap.vtt", "WEBVTT\n\n00:00.000 --> 00:02.000\nOne\n\n00:00.500 --> 00:03.000\nTwo\n")
        let stacked = try Tool.run(["still", try directory.write("overlap.json", Self.captionsScene(src: "overlap.vtt")),
                                    "--time", "0.7", "-o", "out.png"], in: directory.url)
        #expect(stacked.status == 0 && stacked.error == "", "\(stacked.error)")
        let refusing = Self.captionsScene(src: "overlap.vtt").replacingOccurrences(of: #""src": "overlap.vtt""#,
                                                                                   with: #""src": "overlap.vtt", "overlap": "error""#)
        let overlapping = try Tool.run(["still", try directory.write("refuse.json", refusing), "--time", "0.5", "-o", "no.png"],
                                       in: directory.url)
        #expect(overlapping.status == 2)
        #expect(overlapping.error.contains("overlap.vtt:6: the cue starting at 0.5 seconds overlaps the cue on line 3"), "\(overlapping.error)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("no.png")))
        _ = try directory.write("late.srt", "1\n00:00:00,000 --> 00:00:00,500\nEarly\n\n2\n00:00:05,000 --> 00:00:06,000\nLate\n")
        let late = try Tool.run(["still", try directory.write("late.json", Self.captionsScene(src: "late.srt")),
                                 "--time", "0.2", "-o", "late.png"], in: directory.url)
        #expect(late.status == 0, "\(late.error)")
        #expect(late.error.contains("warning: \(directory.path("late.srt")):6: the cue at 5 seconds starts after the clip ends "
                                    + "(1 second); it is not shown."), "\(late.error)")
    }
}
