@testable import FlipbookAnimation
import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// WebVTT read by the specification's file parsing and cue text parsing algorithms, on small files
/// of our own: one test per rule.
@Suite struct WebVTTReaderTests {
    static func read(_ text: String) throws -> CaptionFile { try CaptionFile(parsing: text, format: .webvtt, path: "t.vtt") }

    @Test("any line ending: LF, CR, CRLF, mixed; the lines are numbered the same")
    func lineEndings() throws {
        let lines = ["WEBVTT", "", "a", "00:01.000 --> 00:02.000", "One", "", "00:03.000 --> 00:04.000", "Two"]
        for ending in ["\n", "\r", "\r\n"] {
            let file = try Self.read(lines.joined(separator: ending) + ending)
            #expect(file.cues.map(\.text) == ["One", "Two"] && file.cues.map(\.line) == [4, 7] && file.cues[0].identifier == "a")
        }
        let mixed = try Self.read("WEBVTT\r\n\r00:01.000 --> 00:02.000\nOne\r\n\r00:03.000 --> 00:04.000\rTwo")
        #expect(mixed.cues.map(\.text) == ["One", "Two"] && mixed.cues.map(\.line) == [3, 6])
    }

    @Test("the signature line may carry text after a space or tab; the header runs to the first blank line")
    func signatureAndHeader() throws {
        let header = try Self.read("WEBVTT\tKind: captions\nLanguage: en\n\n00:01.000 --> 00:02.000\nHi\n")
        #expect(header.cues.map(\.text) == ["Hi"] && header.warnings.isEmpty)
        // A timing line in the header ends it and starts a cue.
        let early = try Self.read("WEBVTT\n00:01.000 --> 00:02.000\nHi\n")
        #expect(early.cues.map(\.text) == ["Hi"])
        for wrong in ["WEBVTTX\n\n00:01.000 --> 00:02.000\nHi\n", "webvtt\n", "WEBVT", ""] {
            let file = try Self.read(wrong)
            #expect(file.cues.isEmpty && file.warnings.count == 1 && file.warnings[0].line == 1, "\(wrong)")
        }
    }

    @Test("identifiers, optional hours, cue settings as the specification reads them")
    func identifiersHoursAndSettings() throws {
        let file = try Self.read("""
            WEBVTT

            REGION
            id:fred width:40%

            first cue
            01:02:03.500 --> 01:02:04.000 region:fred align:start
            One

            00:10.000 --> 00:11.000 line:-2,end position:20%,line-left size:60% vertical:rl align:right
            Two

            00:12.000 --> 00:13.000 line:50% position:120% size:x align:middle region:nobody
            Three
            """)
        #expect(file.cues.map(\.identifier) == ["first cue", "", ""])
        #expect(file.cues[0].start == 3723.5 && file.cues[0].end == 3724)
        #expect(file.cues[0].settings.region == "fred" && file.cues[0].settings.align == .start)
        let two = file.cues[1].settings
        #expect(two.line == -2 && !two.lineIsPercentage && two.lineAlign == .end && two.position == 20 && two.positionAlign == .lineLeft)
        #expect(two.size == 60 && two.vertical == .rl && two.align == .right && two.region == nil)
        // Values the specification ignores leave their settings at the defaults.
        let three = file.cues[2].settings
        #expect(three.line == 50 && three.lineIsPercentage && three.position == nil && three.size == 100 && three.align == .center)
        #expect(three.region == nil && file.warnings.isEmpty)
    }

    @Test("NOTE, STYLE and REGION blocks are no cues; text outside any cue is skipped with a warning")
    func blocks() throws {
        let file = try Self.read("""
            WEBVTT

            STYLE
            ::cue { color: yellow }

            NOTE a comment
            that runs on

            Stray text

            00:01.000 --> 00:02.000
            Cue
            """)
        #expect(file.cues.map(\.text) == ["Cue"])
        #expect(file.warnings.map(\.description) == [#"t.vtt:9: "Stray text" is in no cue (no timing line comes before it); it is skipped."#])
    }

    @Test("tags are read as spans: b, i, u, c with classes, v with its speaker, lang, ruby with its text; unknown and unclosed tags are harmless")
    func tags() throws {
        let file = try Self.read("""
            WEBVTT

            00:01.000 --> 00:05.000
            <v.loud Mary Ann>Hi <b>there</b>, <i>you</i> <u>all</u></v>
            <c.yellow.big>class</c> <lang fr>oui</lang> <ruby>漢<rt>kan</rt></ruby> <blink>x</blink> <i>open
            """)
        let cue = try #require(file.cues.first)
        #expect(cue.text == "Hi there, you all\nclass oui 漢(kan) x open")
        func span(_ tag: String) -> CaptionSpan? { cue.spans.first { $0.tag == tag } }
        #expect(span("v") == CaptionSpan(tag: "v", classes: ["loud"], annotation: "Mary Ann", start: 0, end: 17))
        #expect(span("b").map { ($0.start, $0.end) } ?? (0, 0) == (3, 8))
        #expect(span("c")?.classes == ["yellow", "big"] && span("lang")?.annotation == "fr")
        let ruby = try #require(span("ruby")), rubyText = try #require(span("rt"))
        #expect(Array(cue.text.unicodeScalars)[ruby.start..<ruby.end].map(String.init).joined() == "漢(kan)")
        #expect(Array(cue.text.unicodeScalars)[rubyText.start..<rubyText.end].map(String.init).joined() == "kan")
        // The unclosed <i> runs to the end of the cue.
        #expect(cue.spans.last { $0.tag == "i" }?.end == cue.text.unicodeScalars.count)
        #expect(cue.spans.map(\.start) == cue.spans.map(\.start).sorted())
    }

    @Test("spaces collapse and lines are trimmed as browsers draw cues (white-space: pre-line)")
    func whiteSpace() throws {
        let file = try Self.read("WEBVTT\n\n00:01.000 --> 00:02.000\n  <v Bob>  Two   spaces\t </v>\n\n")
        #expect(file.cues.first?.text == "Two spaces" && file.cues.first?.rawText == "  <v Bob>  Two   spaces\t </v>")
    }

    @Test("inline timestamps are word timings: each stretch's words share its time, held inside the cue")
    func inlineTimestamps() throws {
        let file = try Self.read("WEBVTT\n\n00:01.000 --> 00:04.000\nNot yet <00:02.000>now <00:03.000><c> and</c> then <00:09.000>late <bad>\n")
        let cue = try #require(file.cues.first)
        #expect(cue.hasWordTimings)
        #expect(cue.words.map(\.text) == ["Not", "yet", "now", "and", "then", "late"])
        // "Not yet" shares 1–2 s by its characters (3 and 3); "and then" 3–4 s by 3 and 4.
        #expect(cue.words.map(\.start) == [1, 1.5, 2, 3, 3 + 3.0 / 7, 4])
        #expect(cue.words.map(\.end) == [1.5, 2, 3, 3 + 3.0 / 7, 4, 4])
        let scene = try CaptionsScene(try CaptionTrack(file), canvas: CGSize(width: 640, height: 360), style: .wordByWord, combine: 10)
        #expect(scene.pages.count == 1 && scene.pages[0].hasWordTimings && scene.pages[0].spokenWord(at: 2.5) == 2)
    }

    @Test("a cue ending before it starts is read, and never shown")
    func backwardsCues() throws {
        let file = try Self.read("WEBVTT\n\n00:02.000 --> 00:01.000\nBack\n\n00:03.000 --> 00:04.000\nOn\n")
        #expect(file.cues.count == 2)
        let track = try CaptionTrack(file)
        #expect(track.cues.map(\.text) == ["On"] && track.fileWarnings.map(\.line) == [3])
    }
}
