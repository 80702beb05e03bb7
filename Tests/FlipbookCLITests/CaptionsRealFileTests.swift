import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// Where the shared subtitle files are: `../shared/realfiles/captions` beside the package.
enum RealCaptionFiles {
    static let folder = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/realfiles/captions")
    static var isPresent: Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("wpt/expected.json").path) }
}

/// Subtitle files written elsewhere (`../shared/realfiles/captions`: web-platform-tests' WebVTT
/// file-parsing cases and vtt.js's cases, each with the cues a conforming parser yields in
/// `expected.json`, and pysrt's and srt's fixtures), read through `flipbook captions --json`.
@Suite("Real captions files", .enabled(if: RealCaptionFiles.isPresent, "../shared/realfiles/captions is absent"))
struct CaptionsRealFileTests {
    static let folder = RealCaptionFiles.folder

    /// The cues and warnings `flipbook captions --json` prints for `file`, which must exit 0.
    static func read(_ file: String, _ extra: [String] = []) throws -> (cues: [[String: Any]], warnings: [[String: Any]]) {
        let run = try Tool.run(["captions", folder.appendingPathComponent(file).path, "--json"] + extra)
        #expect(run.status == 0, "\(file): \(run.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        return (try #require(json["cues"] as? [[String: Any]]), try #require(json["warnings"] as? [[String: Any]]))
    }

    static func expected(_ folder: String) throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("\(folder)/expected.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
    }

    @Test("every web-platform-tests file-parsing case yields the number of cues browsers must produce")
    func webPlatformTests() throws {
        let cases = try Self.expected("wpt")
        #expect(cases.count == 11)
        for (name, expectation) in cases.sorted(by: { $0.key < $1.key }) {
            let (cues, _) = try Self.read("wpt/\(name).vtt")
            guard let count = expectation["expected_cues"] as? Int else { continue }
            #expect(cues.count == count, "\(name): \(cues.count) cues, expected \(count)")
        }
        // What the cases assert beyond the count: identifiers as written, times as read, settings.
        let ids = try Self.read("wpt/ids.vtt").cues
        #expect(ids.map { $0["identifier"] as? String } == [" leading space", "trailing space ", "-- >", "->", " "])
        let negative = try Self.read("wpt/timings-negative.vtt").cues
        #expect(negative.map { [$0["start"] as? Double, $0["end"] as? Double] }
                    == [[0, 0], [1, 0.999], [60, 59.999], [3600, 3599.999]])
        let whitespace = try Self.read("wpt/whitespace-chars.vtt").cues
        #expect(whitespace.map { $0["identifier"] as? String } == ["spaces", "tabs", "form feed"])
        #expect(whitespace.map { $0["rawText"] as? String } == ["   text1", "text2", "text3"])
        let nulls = try Self.read("wpt/nulls.vtt").cues
        #expect(nulls[1]["identifier"] as? String == "\u{FFFD} (null in id)")
        #expect(nulls.map { ($0["settings"] as? [String: Any])?["align"] as? String } == [nil, nil, nil, nil, nil, nil, "end"])
    }

    @Test("every vtt.js case yields its expected cues: their times and their text as written")
    func vttJSCases() throws {
        let cases = try Self.expected("vttjs")
        #expect(cases.count == 13)
        for (name, expectation) in cases.sorted(by: { $0.key < $1.key }) {
            let (cues, _) = try Self.read("vttjs/\(name)")
            #expect(cues.count == expectation["expected_cues"] as? Int, "\(name)")
            let times = try #require(expectation["times"] as? [[Double]])
            #expect(cues.map { [$0["start"] as? Double ?? -1, $0["end"] as? Double ?? -1] } == times, "\(name)")
            #expect(cues.map { $0["rawText"] as? String ?? "" } == expectation["texts"] as? [String] ?? [], "\(name)")
        }
        // The text drawn decodes the references vtt.js's case leaves as written.
        let together = try Self.read("vttjs/cuetext_escape-characters_together.vtt").cues
        #expect(together.first?["text"] as? String == "Some text < &> < &nb\u{A0} &am< \u{200F}&lr\u{200E} other stuff.")
        let nested = try Self.read("vttjs/cuetext_timestamp_nested.vtt").cues
        #expect((nested.first?["words"] as? [[String: Any]])?.map { $0["start"] as? Double } == [1, 1.5])
    }

    @Test("pysrt's and srt's fixtures read as srt and pysrt read them, each encoding named where it is not UTF-8")
    func subRipFixtures() throws {
        let tester = try Self.read("pysrt/capability_tester.srt")
        #expect(tester.cues.count == 37)
        // Its hidden opening cue is read; the track leaves it out, since it is never shown.
        #expect(tester.cues[0]["start"] as? Double == 0 && tester.cues[0]["end"] as? Double == 0)
        let blue = (tester.cues[1]["spans"] as? [[String: Any]])?.first { $0["tag"] as? String == "font" }
        #expect(blue?["color"] as? String == "#0000ff")
        #expect(tester.cues[6]["text"] as? String == ">\nIt would be a good thing to\nhide invalid html tags that are closed and show "
                    + "the text in them\n<invalid_tag_unclosed>but show un-closed invalid html tags\nShow not opened "
                    + "tags</invalid_tag_not_opened>\n<")
        #expect(tester.warnings.isEmpty)
        let utf8 = try Self.read("pysrt/utf-8.srt").cues
        let latin = try Self.read("pysrt/windows-1252.srt", ["--encoding", "windows-1252"]).cues
        #expect(utf8.count == 1332 && latin.count == 1332)
        #expect(latin[1]["text"] as? String == "CE FILM RELATE DES ÉVÉNEMENTS\nQUI ONT EXISTÉ.")
        #expect(latin.map { $0["text"] as? String } == utf8.map { $0["text"] as? String })
        let unnamed = try Tool.run(["captions", Self.folder.appendingPathComponent("pysrt/windows-1252.srt").path])
        #expect(unnamed.status == 2 && unnamed.error.contains("windows-1252.srt:7: the file is not UTF-8 (byte 0xC9 at column 20)"))
        let utf16 = try Self.read("pysrt/bom-utf-16-le.srt").cues
        let noIndexes = try Self.read("pysrt/no-indexes.srt").cues
        #expect(utf16.count == 7 && noIndexes.count == 7)
        #expect(utf16.first?["text"] as? String == "About 2 months ago I found myself on\nthe comment section of YouTube")
        #expect(noIndexes.map { $0["text"] as? String } == utf16.map { $0["text"] as? String })
        #expect(noIndexes.allSatisfy { $0["identifier"] == nil } && utf16.first?["identifier"] as? String == "1")
        let invalid = try Self.read("pysrt/invalid.srt")
        #expect(invalid.cues.isEmpty && invalid.warnings.map { $0["line"] as? Int } == [2])
        let empty = try Self.read("pysrt/empty.srt")
        #expect(empty.cues.count == 7 && empty.cues.map { ($0["text"] as? String)?.isEmpty } == [false, false, true, true, false, false, false])
        #expect(empty.warnings.map { $0["line"] as? Int } == [13, 17])
        #expect(empty.warnings.allSatisfy { $0["message"] as? String == "the cue has no text." })
        let chinese = try Self.read("srt/gb2312.srt", ["--encoding", "gb2312"]).cues
        #expect(chinese.map { $0["text"] as? String } == ["宇宙守护神 保护我们远离邪恶", "他能徒手抓住子弹 拦住疾速的火车",
                                                          "轻轻一跳就能飞跃高楼"])
    }
}
