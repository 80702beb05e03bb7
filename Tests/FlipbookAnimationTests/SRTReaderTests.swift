@testable import FlipbookAnimation
import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// SubRip read as players read it (FFmpeg, VLC, MPC-HC), on small files of our own: one test per rule.
@Suite struct SRTReaderTests {
    static func read(_ text: String) throws -> CaptionFile { try CaptionFile(parsing: text, format: .srt, path: "t.srt") }

    @Test("cue numbers may be missing; a comma or a dot comes before the milliseconds; coordinates after the end are ignored")
    func timingLines() throws {
        let file = try Self.read("""
            00:00:01,000 --> 00:00:02,500
            No number

            7
            00:00:03.250-->00:00:04.000  X1:100 X2:200 Y1:10 Y2:50
            Dots, no spaces

            8
            1:2:3,5 --> 01:02:04,75
            Short fields
            """)
        #expect(file.cues.map(\.text) == ["No number", "Dots, no spaces", "Short fields"])
        #expect(file.cues.map(\.identifier) == ["", "7", "8"])
        #expect(file.cues.map(\.start) == [1, 3.25, 3723.005] && file.cues.map(\.end) == [2.5, 4, 3724.075])
        #expect(file.warnings.isEmpty)
    }

    @Test("a byte-order mark and CRLF line endings, as Windows tools write them")
    func byteOrderMarkAndCRLF() throws {
        let scratch = try TemporaryDirectory("captions")
        try (Data([0xEF, 0xBB, 0xBF]) + Data("1\r\n00:00:01,000 --> 00:00:02,000\r\nLine one\r\nLine two\r\n\r\n".utf8))
            .write(to: scratch.file("bom.srt"))
        let file = try CaptionFile(contentsOf: scratch.file("bom.srt"))
        #expect(file.cues.map(\.text) == ["Line one\nLine two"] && file.cues[0].identifier == "1" && file.cues[0].line == 2)
    }

    @Test("<b>, <i>, <u>, <s> and <font color> are tags read as spans; the colour is kept")
    func styleTags() throws {
        let file = try Self.read("""
            1
            00:00:01,000 --> 00:00:03,000
            <b>Bold</b> <I>italic</I> <font color="#00ff00" size=30>green</font> <font color=red>red</font>
            """)
        let cue = try #require(file.cues.first)
        #expect(cue.text == "Bold italic green red")
        #expect(cue.spans.map(\.tag) == ["b", "i", "font", "font"])
        #expect(cue.spans.map { [$0.start, $0.end] } == [[0, 4], [5, 11], [12, 17], [18, 21]])
        #expect(cue.spans[2].color == Color(hex: "#00ff00") && cue.spans[2].annotation == ##"color="#00ff00" size=30"##)
        #expect(cue.spans[3].color == .red)
    }

    @Test("unknown tags hide when the cue closes them and show when it does not; a closing tag nothing opened shows")
    func unknownTags() throws {
        let file = try Self.read("1\n00:00:01,000 --> 00:00:03,000\n<x a=1>hidden tag</x> <y>shown\n2<3,5>1 </b>stray\n")
        #expect(file.cues.first?.text == "hidden tag <y>shown\n2<3,5>1 </b>stray")
    }

    @Test("ASS overrides and MicroDVD codes are hidden; \\N breaks the line, \\h is a hard space; other braces are text")
    func overrides() throws {
        let file = try Self.read("1\n00:00:01,000 --> 00:00:03,000\n{\\an8}Top{Y:i} line\\Nnext\\h\\hline {normal text}\n")
        #expect(file.cues.first?.text == "Top line\nnext\u{A0}\u{A0}line {normal text}")
    }

    @Test("blank lines inside a cue are dropped; its text runs to the next timing line; a number before it is that cue's")
    func blankLinesAndNumbers() throws {
        let file = try Self.read("1\n00:00:01,000 --> 00:00:02,000\nFirst\n\n\nstill first\n\n2\n00:00:03,000 --> 00:00:04,000\n\n\n3\n00:00:05,000 --> 00:00:06,000\nThird\n")
        #expect(file.cues.map(\.text) == ["First\nstill first", "", "Third"])
        #expect(file.cues.map(\.identifier) == ["1", "2", "3"])
        #expect(file.warnings.map(\.description) == ["t.srt:9: the cue has no text."])
    }

    @Test("a line that looks like a timing line but does not read as one skips its cue; text with an arrow in it is text")
    func malformedTimingLines() throws {
        let file = try Self.read("""
            1
            00:00:01,000 --> 00:00:02
            Lost

            2
            00:00:03,000 --> 00:00:04,000
            A --> B
            """)
        #expect(file.cues.map(\.text) == ["A --> B"])
        #expect(file.warnings.map(\.description) == [#"t.srt:2: the timing line "00:00:01,000 --> 00:00:02" is not "#
                                                     + "HH:MM:SS,mmm --> HH:MM:SS,mmm (its end time is malformed); the cue is skipped."])
    }

    @Test("a file in another encoding reads with the layer's \"encoding\"; without it, the line of the first byte that is not UTF-8 is named")
    func encodings() throws {
        let scratch = try TemporaryDirectory("captions")
        // "Café" in windows-1252, "字幕" in GB2312.
        try (Data("1\n00:00:01,000 --> 00:00:02,000\nCaf".utf8) + Data([0xE9, 0x0A])).write(to: scratch.file("latin.srt"))
        try (Data("1\n00:00:01,000 --> 00:00:02,000\n".utf8) + Data([0xD7, 0xD6, 0xC4, 0xBB, 0x0A])).write(to: scratch.file("gb.srt"))
        #expect(try CaptionFile(contentsOf: scratch.file("latin.srt"), encoding: "windows-1252").cues.map(\.text) == ["Café"])
        #expect(try CaptionFile(contentsOf: scratch.file("gb.srt"), encoding: "GB2312").cues.map(\.text) == ["字幕"])
        let unnamed = expectFlipbookError(.invalidInput) { _ = try CaptionFile(contentsOf: scratch.file("latin.srt")) }
        #expect(unnamed?.location == FlipbookError.Location(file: scratch.path("latin.srt"), line: 3))
        let wrong = expectFlipbookError(.invalidInput) { _ = try CaptionFile(contentsOf: scratch.file("gb.srt"), encoding: "utf-16le") }
        #expect(wrong?.location.line == 1, "\(String(describing: wrong))")
        let unknown = expectFlipbookError(.invalidInput) { _ = try CaptionFile(contentsOf: scratch.file("gb.srt"), encoding: "x-martian") }
        #expect(unknown?.location.keyPath == "encoding")
        #expect(unknown?.message == #"encoding must be an encoding iconv knows, such as windows-1252, iso-8859-2, gb2312, shift_jis "#
                    + #"or utf-16; it is "x-martian"."#)
    }
}
