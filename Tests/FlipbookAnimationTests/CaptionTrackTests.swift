@testable import FlipbookAnimation
import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// Captions files read into cues: SRT, WebVTT and the two word-timing JSON forms, and every error
/// naming the file and the line.
@Suite struct CaptionTrackTests {
    static let folder = packageFile("Fixtures/Captions")

    static func track(_ text: String, _ format: CaptionFormat, overlap: CaptionTrack.Overlap = .error) throws -> CaptionTrack {
        try CaptionTrack(parsing: text, format: format, path: "captions.\(format == .webvtt ? "vtt" : format.rawValue)",
                         overlap: overlap)
    }

    /// `body` throws an invalid-input error whose description is `description`.
    func expectError(_ description: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
        let error = expectFlipbookError(.invalidInput, sourceLocation: sourceLocation, body)
        #expect(error?.description == description, sourceLocation: sourceLocation)
    }

    @Test func anSRTFilesCuesSpreadTheirWordsByCharacters() throws {
        let track = try CaptionTrack(contentsOf: Self.folder.appendingPathComponent("talk.srt"))
        #expect(track.cues.count == 3 && track.cuesArePages)
        #expect(track.cues.map(\.line) == [2, 6, 10])
        let first = track.cues[0]
        #expect(first.words.map(\.text) == ["Every", "frame", "is", "a", "pure", "function", "of", "time."])
        // 32 characters over 1.4 seconds: "Every" takes 5/32 of them, "frame" the next 5.
        #expect(first.words[0].start == 0 && abs(first.words[0].end - 1.4 * 5 / 32) < 1e-12)
        #expect(abs(first.words[1].end - 1.4 * 10 / 32) < 1e-12)
        #expect(first.words.last?.end == 1.4)
        // Markup is dropped; emoji are words.
        #expect(track.cues[1].words.map(\.text) == ["Captions", "come", "from", "SRT", "files,"])
        #expect(track.cues[1].start == 1.5 && track.cues[1].end == 3)
        #expect(track.cues[2].words.last?.text == "🎉")
    }

    @Test func aWebVTTFileGivesTheSameCuesAsTheSameSRT() throws {
        let srt = try CaptionTrack(contentsOf: Self.folder.appendingPathComponent("talk.srt"))
        let vtt = try CaptionTrack(contentsOf: Self.folder.appendingPathComponent("talk.vtt"))
        #expect(vtt.cues.map(\.words) == srt.cues.map(\.words))
        #expect(vtt.cues.map(\.line) == [6, 9, 12])
    }

    @Test func whispersWordTimingsAreSecondsAndEachElementIsACue() throws {
        let track = try CaptionTrack(contentsOf: Self.folder.appendingPathComponent("talk-words.json"))
        #expect(!track.cuesArePages && track.cues.count == 11)
        #expect(track.cues[1].words == [CaptionWord("that", start: 0.55, end: 0.75)])
        #expect(track.cues.map(\.line) == Array(2...12))
        // A new page starts when a word would make the page longer than 1.35 s: "word" ends 1.75 s
        // after "Captions" starts, "right" 1.5 s after "word" starts.
        let pages = CaptionPage.pages(of: track, combine: 1.35)
        #expect(pages.map { $0.words.map(\.text).joined(separator: " ") }
                    == ["Captions that follow every", "word you say,", "right on time 🎉"])
        #expect(pages[0].start == 0.1 && pages[0].end == 1.4)
        // A silence longer than the window starts a page too: 0.2 s between "word" and "you".
        #expect(CaptionPage.pages(of: track, combine: 0.19).count == 11)
    }

    @Test func theMillisecondFormReadsStartMsAndEndMs() throws {
        let track = try Self.track(#"[{"text": " Hi", "startMs": 250, "endMs": 500}, {"text": "there", "startMs": 500, "endMs": 1250}]"#,
                                   .json)
        #expect(track.cues.flatMap(\.words) == [CaptionWord("Hi", start: 0.25, end: 0.5), CaptionWord("there", start: 0.5, end: 1.25)])
    }

    @Test func aMalformedTimestampOnLine37SkipsItsCueWithAWarningNamingLine37() throws {
        // Cues of five lines (number, timing, two lines of text, blank): the eighth cue's timing is line 37.
        var lines: [String] = []
        for cue in 0..<10 {
            let timing = cue == 7 ? "00:00:0x,000 --> 00:00:09,000" : String(format: "00:00:%02d,000 --> 00:00:%02d,500", cue, cue)
            lines += ["\(cue + 1)", timing, "Line one of cue \(cue + 1)", "line two", ""]
        }
        #expect(lines[36].hasPrefix("00:00:0x"))
        for ending in ["\n", "\r\n"] {
            let file = try CaptionFile(parsing: lines.joined(separator: ending), format: .srt, path: "captions.srt")
            #expect(file.cues.map(\.identifier) == ["1", "2", "3", "4", "5", "6", "7", "9", "10"])
            #expect(file.warnings.map(\.description) == [#"captions.srt:37: the timing line "00:00:0x,000 --> 00:00:09,000" is not "#
                                                        + "HH:MM:SS,mmm --> HH:MM:SS,mmm (its start time is malformed); the cue is skipped."])
            // The skipped cue's text is no part of the cue before it.
            #expect(file.cues[6].text == "Line one of cue 7\nline two")
            let track = try CaptionTrack(file)
            #expect(track.cues.count == 9 && track.fileWarnings == file.warnings)
        }
    }

    @Test func malformedCuesAreSkippedNamingTheirLine() throws {
        func read(_ text: String, _ format: CaptionFormat) throws -> CaptionFile {
            try CaptionFile(parsing: text, format: format, path: "captions.\(format == .webvtt ? "vtt" : "srt")")
        }
        let stray = try read("Hello\n00:00:01,000 --> 00:00:02,000\nWorld\n", .srt)
        #expect(stray.cues.map(\.text) == ["World"])
        #expect(stray.warnings.map(\.description)
                    == [#"captions.srt:1: "Hello" is in no cue (no timing line comes before it); it is skipped."#])
        let noMilliseconds = try read("1\n00:00:01 --> 00:00:02,000\nHello\n\n2\n00:00:03,000 --> 00:00:04,000\nThere\n", .srt)
        #expect(noMilliseconds.cues.map(\.text) == ["There"])
        #expect(noMilliseconds.warnings.map(\.description) == [#"captions.srt:2: the timing line "00:00:01 --> 00:00:02,000" is "#
                                                               + "not HH:MM:SS,mmm --> HH:MM:SS,mmm (its start time is malformed); the cue is skipped."])
        let vtt = try read("WEBVTT\n\n00:01.000 --> 00:61.000\nHello\n\nintro\nHi\n\n00:02.000 --> 00:03.000\nThere\n", .webvtt)
        #expect(vtt.cues.map(\.text) == ["There"])
        #expect(vtt.warnings.map(\.description) == [
            #"captions.vtt:3: the timing line "00:01.000 --> 00:61.000" is not [HH:]MM:SS.mmm --> [HH:]MM:SS.mmm (its end time is "#
                + "malformed); the cue is skipped.",
            #"captions.vtt:6: "intro" is in no cue (no timing line comes before it); it is skipped."#,
        ])
        let headless = try read("1\n00:01.000 --> 00:02.000\nHello\n", .webvtt)
        #expect(headless.cues.isEmpty)
        #expect(headless.warnings.map(\.description)
                    == [#"captions.vtt:1: a WebVTT file starts with the line "WEBVTT"; it starts with "1", so no cue is read."#])
    }

    @Test func aCueThatDoesNotEndAfterItStartsIsNeverShown() throws {
        let srt = try Self.track("1\n00:00:00,000 --> 00:00:01,000\nOne\n\n2\n00:00:02,000 --> 00:00:02,000\nTwo\n", .srt)
        #expect(srt.cues.map(\.text) == ["One"])
        #expect(srt.fileWarnings.map(\.description)
                    == ["captions.srt:6: the cue ends at 2 seconds, not after its start at 2 seconds, so it is never shown."])
        expectError("captions.json:3: word timing [1] \"end\" must be a number of seconds from 0; it is -1") {
            _ = try Self.track("[\n  {\"text\": \"a\", \"start\": 0, \"end\": 1},\n  {\"text\": \"b\", \"start\": 1, \"end\": -1}\n]", .json)
        }
        let backwards = try Self.track("[\n  {\"text\": \"a\", \"startMs\": 1000, \"endMs\": 500}\n]", .json)
        #expect(backwards.cues.isEmpty)
        #expect(backwards.warnings(clipDuration: 5) == [
            "captions.json:2: the cue ends at 0.5 seconds, not after its start at 1 second, so it is never shown.",
            "captions.json: the file has no cue to show; the captions layer draws nothing.",
        ])
    }

    @Test func wordTimingErrorsNameTheElementsLine() throws {
        expectError(#"captions.json:3: word timing [1] has no "end""#) {
            _ = try Self.track("[\n  {\"text\": \"a\", \"start\": 0, \"end\": 1},\n  {\"text\": \"b\", \"start\": 1}\n]", .json)
        }
        expectError(#"captions.json:2: word timing [0] "text" must be a string; it is 5"#) {
            _ = try Self.track("[\n  {\"text\": 5, \"start\": 0, \"end\": 1}\n]", .json)
        }
        expectError(#"captions.json:1: word timings must be a list, each element an object {"text", "start", "end"} (seconds) or {"text", "startMs", "endMs"} (milliseconds); it is an object"#) {
            _ = try Self.track(#"{"text": "a"}"#, .json)
        }
        let broken = expectFlipbookError(.invalidInput) { _ = try Self.track("[\n  {\"text\": \"a\",, }\n]", .json) }
        #expect(broken?.location.file == "captions.json" && broken?.location.line == 2)
    }

    static let overlapping = "1\n00:00:00,000 --> 00:00:02,000\nHello there\n\n2\n00:00:01,500 --> 00:00:03,000\nGeneral Kenobi\n"

    @Test func overlappingCuesAreAnErrorUnlessMerged() throws {
        expectError(#"captions.srt:6: the cue starting at 1.5 seconds overlaps the cue on line 2, which ends at 2 seconds; give "overlap": "merge" to join overlapping cues"#) {
            _ = try Self.track(Self.overlapping, .srt)
        }
        let merged = try Self.track(Self.overlapping, .srt, overlap: .merge)
        #expect(merged.cues.count == 1)
        #expect(merged.cues[0].words.map(\.text) == ["Hello", "there", "General", "Kenobi"])
        #expect(merged.cues[0].start == 0 && merged.cues[0].end == 3 && merged.cues[0].line == 2)
        // Merged words keep their own times: "General" starts at its own cue's start.
        #expect(merged.cues[0].words[2].start == 1.5)
    }

    @Test func cuesPastTheClipAreWarnings() throws {
        let track = try Self.track("1\n00:00:00,000 --> 00:00:01,000\nOne\n\n2\n00:00:04,000 --> 00:00:05,000\nTwo\n", .srt)
        #expect(track.warnings(clipDuration: 5) == [])
        #expect(track.warnings(clipDuration: 3)
                    == ["captions.srt:6: the cue at 4 seconds starts after the clip ends (3 seconds); it is not shown."])
    }

    @Test func theFormatComesFromTheExtension() throws {
        #expect(CaptionFormat(pathExtension: "SRT") == .srt && CaptionFormat(pathExtension: "vtt") == .webvtt)
        #expect(CaptionFormat(pathExtension: "json") == .json && CaptionFormat(pathExtension: "txt") == nil)
        let text = Self.folder.appendingPathComponent("talk.txt")
        expectError(#"\#(text.path): cannot tell the captions format from the extension ".txt"; name it .srt, .vtt or .json, or give the format (srt, webvtt, json)"#) {
            _ = try CaptionTrack(contentsOf: text)
        }
    }
}
