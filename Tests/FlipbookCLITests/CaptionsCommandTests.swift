import Flipbook
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookCLI

/// `flipbook captions FILE [--json]`: what a captions file reads as, its help, its errors and exit
/// statuses.
@Suite("flipbook captions")
struct CaptionsCommandTests {
    static let talk = """
        WEBVTT - a talk

        NOTE made by hand

        intro
        00:00.500 --> 00:04.000 line:0 align:start
        <v Ada>Hello &amp; <b>welcome</b></v>
        to the <c.loud>show</c>

        00:04.000 --> 00:06.000
        <00:04.000>Every <00:04.500>word <00:05.000>timed

        00:07.000 --> 00:0x.000
        broken

        """

    /// The JSON `flipbook captions --json` printed.
    static func json(_ run: ToolRun) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    }

    @Test("the help states what it prints and how to call it")
    func help() {
        let help = FlipbookTool.helpMessage(for: FlipbookTool.Captions.self, columns: 100)
        #expect(help == """
            OVERVIEW: Print what a captions file reads as: each cue's times, text as drawn, word timings and
            settings, and warnings.

            Reads SRT (.srt), WebVTT (.vtt) or word timings (.json) exactly as a captions layer does. Cues that
            cannot be read are left out, each with a warning naming its line (printed on standard error, or
            under "warnings" with --json); a file that cannot be read at all exits with status 2.

            Examples:
              flipbook captions talk.vtt
              flipbook captions film.srt --encoding windows-1252
              flipbook captions talk.vtt --json

            USAGE: flipbook captions <FILE> [--format <srt|webvtt|json>] [--encoding <name>] [--json]

            ARGUMENTS:
              <FILE>                  The captions file.

            OPTIONS:
              --format <srt|webvtt|json>
                                      The file's format. Default: the one its extension names. (values: srt,
                                      webvtt, json)
              --encoding <name>       The file's character encoding, any name iconv knows (windows-1252,
                                      gb2312). Default: UTF-8, or UTF-16 with a byte-order mark.
              --json                  Print {"cues": [...], "warnings": [...]} as JSON instead of text.
              --version               Show the version.
              -h, --help              Show help information.

            """)
        #expect(FlipbookTool.subcommandNames.contains("captions"))
    }

    @Test("the text listing shows each cue's line, times, identifier, settings, text as drawn and word timings; warnings go to standard error")
    func listing() throws {
        let scratch = try TemporaryDirectory.cli()
        let file = try scratch.write("talk.vtt", Self.talk)
        let run = try Tool.run(["captions", file])
        #expect(run.status == 0)
        #expect(run.output == """
            \(file): 2 cues (WebVTT)
            line 6: 0.5 --> 4 s  id "intro"  line:0 align:start
                Hello & welcome
                to the show
            line 10: 4 --> 6 s
                Every word timed
                words: Every 4–4.5, word 4.5–5, timed 5–6

            """)
        #expect(run.error == "warning: \(file):13: the timing line \"00:07.000 --> 00:0x.000\" is not [HH:]MM:SS.mmm --> "
                    + "[HH:]MM:SS.mmm (its end time is malformed); the cue is skipped.\n")
    }

    @Test("--json prints the cues with their text as drawn and as written, word timings, settings and spans, and the warnings")
    func json() throws {
        let scratch = try TemporaryDirectory.cli()
        let file = try scratch.write("talk.vtt", Self.talk)
        let run = try Tool.run(["captions", file, "--json"])
        #expect(run.status == 0 && run.error == "")
        let json = try Self.json(run)
        #expect(json["path"] as? String == file && json["format"] as? String == "webvtt")
        let cues = try #require(json["cues"] as? [[String: Any]])
        try #require(cues.count == 2)
        #expect(cues[0]["start"] as? Double == 0.5 && cues[0]["end"] as? Double == 4 && cues[0]["line"] as? Int == 6)
        #expect(cues[0]["text"] as? String == "Hello & welcome\nto the show")
        #expect(cues[0]["rawText"] as? String == "<v Ada>Hello &amp; <b>welcome</b></v>\nto the <c.loud>show</c>")
        #expect(cues[0]["identifier"] as? String == "intro" && cues[0]["words"] == nil)
        let settings = try #require(cues[0]["settings"] as? [String: Any])
        #expect(settings["line"] as? Double == 0 && settings["align"] as? String == "start" && settings.count == 3)
        let spans = try #require(cues[0]["spans"] as? [[String: Any]])
        #expect(spans.map { $0["tag"] as? String } == ["v", "b", "c"])
        #expect(spans[0]["annotation"] as? String == "Ada" && spans[0]["start"] as? Int == 0 && spans[0]["end"] as? Int == 15)
        #expect(spans[1]["start"] as? Int == 8 && spans[1]["end"] as? Int == 15)
        #expect(spans[2]["classes"] as? [String] == ["loud"] && spans[2]["start"] as? Int == 23)
        let words = try #require(cues[1]["words"] as? [[String: Any]])
        #expect(words.map { $0["text"] as? String } == ["Every", "word", "timed"])
        #expect(words.map { $0["start"] as? Double } == [4, 4.5, 5] && words.map { $0["end"] as? Double } == [4.5, 5, 6])
        let warnings = try #require(json["warnings"] as? [[String: Any]])
        #expect(warnings.count == 1 && warnings[0]["line"] as? Int == 13)
        #expect(warnings[0]["message"] as? String == "the timing line \"00:07.000 --> 00:0x.000\" is not [HH:]MM:SS.mmm --> "
                    + "[HH:]MM:SS.mmm (its end time is malformed); the cue is skipped.")
    }

    @Test("a missing file exits 1; an unknown encoding, a file not in its encoding, or one too large exit 2 naming it")
    func errors() throws {
        let scratch = try TemporaryDirectory.cli()
        let missing = try Tool.run(["captions", scratch.path("none.srt")])
        #expect(missing.status == 1 && missing.error == "error: There is no captions file \(scratch.path("none.srt")).\n")
        let latin1 = scratch.file("latin1.srt")
        try (Data("1\n00:00:01,000 --> 00:00:02,000\n".utf8) + Data([0x43, 0x61, 0x66, 0xE9, 0x0A])).write(to: latin1)
        let unknown = try Tool.run(["captions", latin1.path, "--encoding", "klingon"])
        #expect(unknown.status == 2)
        #expect(unknown.error == "error: --encoding must be an encoding iconv knows, such as windows-1252, iso-8859-2, gb2312, "
                    + "shift_jis or utf-16; it is \"klingon\".\n")
        let notUTF8 = try Tool.run(["captions", latin1.path])
        #expect(notUTF8.status == 2)
        #expect(notUTF8.error == "error: \(latin1.path):3: the file is not UTF-8 (byte 0xE9 at column 4); name its encoding "
                    + "with \"encoding\" on the layer (flipbook captions --encoding), such as \"windows-1252\"\n")
        let read = try Tool.run(["captions", latin1.path, "--encoding", "windows-1252"])
        #expect(read.status == 0 && read.output.contains("\n    Café\n"), "\(read.output)")
        let unnamed = try Tool.run(["captions", try scratch.write("talk.txt", Self.talk)])
        #expect(unnamed.status == 2 && unnamed.error.contains("cannot tell the captions format from the extension \".txt\""))
        let given = try Tool.run(["captions", scratch.path("talk.txt"), "--format", "webvtt"])
        #expect(given.status == 0 && given.output.hasPrefix("\(scratch.path("talk.txt")): 2 cues (WebVTT)"))
    }
}
