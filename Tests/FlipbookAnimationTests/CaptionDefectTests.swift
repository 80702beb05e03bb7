@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// The caption defects issue 42 found in files written elsewhere, one test each, on small fixtures.
@Suite struct CaptionDefectTests {
    static func srt(_ text: String) throws -> CaptionFile { try CaptionFile(parsing: text, format: .srt, path: "cues.srt") }
    static func vtt(_ text: String) throws -> CaptionFile { try CaptionFile(parsing: text, format: .webvtt, path: "cues.vtt") }

    @Test("a zero-length or malformed cue no longer refuses the whole file (pysrt's capability tester opens with one)")
    func aZeroLengthOrMalformedCueIsLeftOut() throws {
        let file = try Self.srt("""
            1
            00:00:00,000 --> 00:00:00,000
            Don't show this text

            2
            00:00:01,500 --> 00:00:04,500
            Shown

            3
            00:00:05,000 --> 00:00:0x,000
            Broken

            4
            00:00:07,000 --> 00:00:08,000
            Shown too
            """)
        #expect(file.cues.map(\.text) == ["Don't show this text", "Shown", "Shown too"])
        let track = try CaptionTrack(file)
        #expect(track.cues.map(\.text) == ["Shown", "Shown too"])
        #expect(track.fileWarnings.map(\.description) == [
            #"cues.srt:10: the timing line "00:00:05,000 --> 00:00:0x,000" is not HH:MM:SS,mmm --> HH:MM:SS,mmm (its end time is "#
                + "malformed); the cue is skipped.",
            "cues.srt:2: the cue ends at 0 seconds, not after its start at 0 seconds, so it is never shown.",
        ])
    }

    @Test("a timing line right after a cue's text starts the next cue (youtube-dl's and yt-dlp's layout) instead of being drawn")
    func aTimingLineEndsTheCueBeforeIt() throws {
        let vtt = try Self.vtt("WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n00:01.000 --> 00:02.000\nWorld\n")
        #expect(vtt.cues.map(\.text) == ["Hello", "World"] && vtt.cues.map(\.start) == [0, 1] && vtt.warnings.isEmpty)
        let srt = try Self.srt("1\n00:00:00,000 --> 00:00:01,000\nHello\n2\n00:00:01,000 --> 00:00:02,000\nWorld\n")
        #expect(srt.cues.map(\.text) == ["Hello", "World"] && srt.cues.map(\.identifier) == ["1", "2"] && srt.warnings.isEmpty)
    }

    @Test("&amp; &lt; &gt; &nbsp; and numeric references are decoded, not drawn as written (YouTube's >> for a new speaker)")
    func characterReferencesAreDecoded() throws {
        let vtt = try Self.vtt("WEBVTT\n\n00:00.000 --> 00:02.000\n&gt;&gt; Tom &amp; Jerry &lt;3&nbsp;it&#33; &#x1F600; &copy; &bogus; &amp\n")
        #expect(vtt.cues.first?.text == ">> Tom & Jerry <3\u{A0}it! 😀 © &bogus; &amp")
        let srt = try Self.srt("1\n00:00:00,000 --> 00:00:02,000\n&gt;&gt; Who&#39;s there?\n")
        #expect(srt.cues.first?.text == ">> Who's there?")
        #expect(srt.cues.first?.words.map(\.text) == [">>", "Who's", "there?"])
    }

    @Test("UTF-16 files with a byte-order mark are read, little- and big-endian")
    func utf16WithAByteOrderMarkIsRead() throws {
        let scratch = try TemporaryDirectory("captions")
        let text = "1\r\n00:00:01,000 --> 00:00:02,000\r\nÉtoile ✨\r\n"
        try (Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!).write(to: scratch.file("le.srt"))
        try (Data([0xFE, 0xFF]) + text.data(using: .utf16BigEndian)!).write(to: scratch.file("be.srt"))
        for name in ["le.srt", "be.srt"] {
            let file = try CaptionFile(contentsOf: scratch.file(name))
            #expect(file.cues.map(\.text) == ["Étoile ✨"] && file.cues.first?.identifier == "1", "\(name)")
        }
    }

    @Test("a file with no cues renders with a warning, not a blank clip without a word")
    func aFileWithNoCuesIsAWarning() throws {
        let scratch = try TemporaryDirectory("captions")
        try scratch.write("none.vtt", "WEBVTT\n\nNOTE nothing yet\n")
        let json = #"{"size": [160, 90], "duration": 1, "layers": [{"scene": "captions", "src": "none.vtt"}]}"#
        let timeline = try SceneFile.decode(Data(json.utf8), source: "scene.json",
                                           baseDirectory: URL(fileURLWithPath: scratch.url.path, isDirectory: true)).makeTimeline()
        #expect(timeline.warnings == ["\(scratch.path("none.vtt")): the file has no cue to show; the captions layer draws nothing."])
    }

    @Test("a 9-second cue is shown whole for its 9 seconds, with its line breaks, by default")
    func aLongCueIsShownWholeWithItsLineBreaks() throws {
        let track = try CaptionTrack(Self.srt("1\n00:00:01,000 --> 00:00:10,000\nA subtitle of two lines\nthat stays nine seconds\n"))
        let scene = try CaptionsScene(track, canvas: CGSize(width: 640, height: 360))
        #expect(scene.pages.count == 1 && scene.pages[0].start == 1 && scene.pages[0].end == 10)
        #expect(scene.pageIndex(at: 1.1) == 0 && scene.pageIndex(at: 9.9) == 0)
        let (boxes, _) = try #require(scene.wordBoxes(at: 5))
        // "that" starts the second line: left of "lines", below it.
        let lines = boxes[4][0], that = boxes[5][0]
        #expect(that.minY >= lines.maxY - 1 && that.minX < lines.minX, "lines \(lines), that \(that)")
        // Nothing is highlighted: no word of an untimed cue is the spoken one.
        #expect(scene.pages[0].spokenWord(at: 5) == nil)
        // Asked otherwise, the cue is spread over its words and shown a few at a time.
        let spread = try CaptionsScene(track, canvas: CGSize(width: 640, height: 360), spreadWords: true)
        #expect(spread.pages.count > 1 && spread.pages[0].spokenWord(at: 1.1) == 0)
    }

    @Test("messages show the line as written with control characters escaped: no raw NUL reaches the terminal")
    func messagesEscapeControlCharacters() throws {
        let file = try Self.vtt("WEBVTT\n\n00:00.000\u{0} --> 00:01.000\nLost\n\n00:01.000 --> 00:02.000\tline:\u{1B}[31m\nKept\n")
        #expect(file.cues.map(\.text) == ["Kept"])
        let messages = file.warnings.map(\.description)
        #expect(messages == [
            #"cues.vtt:3: NUL characters are read as U+FFFD in "00:00.000\u{0} --> 00:01.000"."#,
            #"cues.vtt:3: the timing line "00:00.000\u{0} --> 00:01.000" is not [HH:]MM:SS.mmm --> [HH:]MM:SS.mmm (no "-->" "#
                + "follows the start time); the cue is skipped.",
        ])
        #expect(messages.allSatisfy { !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } })
        #expect(quoted("a\tb\u{1B}c\r") == #""a\tb\u{1B}c\r""#)
    }

    @Test("the line \"-->\" is quoted as written, not as an empty timestamp")
    func aLineOfJustAnArrowIsQuotedAsWritten() throws {
        let vtt = try Self.vtt("WEBVTT\n\n-->\nText\n")
        #expect(vtt.warnings.map(\.description) == [#"cues.vtt:3: the timing line "-->" is not [HH:]MM:SS.mmm --> [HH:]MM:SS.mmm "#
                                                     + "(its start time is malformed); the cue is skipped."])
        let srt = try Self.srt("1\n-->\nText\n")
        #expect(srt.warnings.map(\.description) == [#"cues.srt:2: the timing line "-->" is not HH:MM:SS,mmm --> HH:MM:SS,mmm "#
                                                     + "(its start time is malformed); the cue is skipped."])
    }
}
