import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// Captions from the command line: the example scene renders, a malformed cue is skipped with a
/// warning naming its line, overlapping cues stack, a cue past the clip is a warning, and a file that
/// cannot be read at all exits 2 naming its line.
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

    @Test func badCaptionFilesExitTwoNamingTheFileAndLineAndWriteNothing() throws {
        let directory = try TemporaryDirectory.cli()
        let huge = directory.file("huge.srt")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        _ = try directory.write("long.vtt", "WEBVTT\n\n00:00.000 --> 00:01.000\n" + String(repeating: "w ", count: 500_000) + "\n")
        _ = try directory.write("deep.vtt", "WEBVTT\n\n00:00.000 --> 00:01.000\n" + String(repeating: "<c>", count: 200) + "\n")
        let cases: [(scene: String, message: String)] = [
            (Self.captionsScene(src: "huge.srt"), "error: The captions file \(huge.path) has 1073741824 bytes; at most 67108864 are read.\n"),
            (Self.captionsScene(src: "long.vtt"), "error: \(directory.path("long.vtt")):3: the cue's text has more than 10000 characters; "
                + "at most 10000 are read\n"),
            (Self.captionsScene(src: "deep.vtt"), "error: \(directory.path("deep.vtt")):4: the cue's tags are nested more than 100 deep\n"),
            (Self.captionsScene(src: "long.vtt").replacingOccurrences(of: #""src": "long.vtt""#, with: #""src": "long.vtt", "encoding": "?""#),
             "error: \(directory.path("scene.json")):1:148: layers[0].encoding must be an encoding iconv knows, such as windows-1252, iso-8859-2, gb2312, "
                + "shift_jis or utf-16; it is \"?\".\n"),
        ]
        for (scene, message) in cases {
            _ = try directory.write("scene.json", scene)
            let run = try Tool.run(["render", "scene.json", "-o", "out.mp4"], in: directory.url)
            #expect(run.status == 2 && run.error == message, "\(run.error)")
            #expect(!directory.contents.contains { $0.hasPrefix("out") || $0.hasPrefix(".out") }, "\(directory.contents)")
        }
    }
}
