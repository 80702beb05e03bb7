@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// Captions files built to hurt: a gigabyte, a million cues, a cue of a million characters, tags
/// nested without end, an encoding that does not exist. Each is an invalid-input error naming the
/// file and line (or the key), read in bounded time and memory.
@Suite struct CaptionBadInputTests {
    // Found by the Captions fuzz target: a combining mark after a space (`&#820;`) made the words
    // and their colours disagree on where a word starts, and indexing past the words trapped.
    @Test("a combining mark after a space starts a word of its own, and coloured words keep their colours")
    func combiningMarkAfterASpace() throws {
        let srt = "1\n00:00:00,000 --> 00:00:02,000\n<font color=\"#0000FF\">blue</font> &#820;x red\n"
        let file = try CaptionFile(parsing: srt, format: .srt, path: "marks.srt")
        let words = try #require(file.cues.first?.words)
        #expect(words.map(\.text) == ["blue", "\u{334}x", "red"])
        #expect(words.map { $0.color != nil } == [true, false, false])
    }

    @Test("a file of a gigabyte is refused by its size, before it is read")
    func aGigabyteFile() throws {
        let scratch = try TemporaryDirectory("captions")
        let url = scratch.file("huge.vtt")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data("WEBVTT\n\n".utf8)))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let error = expectFlipbookError(.invalidInput) { _ = try CaptionFile(contentsOf: url) }
        #expect(error?.description == "The captions file \(url.path) has 1073741824 bytes; at most \(CaptionTrack.maximumFileSize) are read.")
    }

    @Test("a million cues stop at the first one past the limit, naming its line, in each format", .slow("reads 100,000 cues of three formats"))
    func aMillionCues() throws {
        let limit = CaptionFile.maximumCueCount
        var vtt = "WEBVTT\n\n", srt = ""
        vtt.reserveCapacity(27_000_000)
        srt.reserveCapacity(33_000_000)
        for _ in 0..<1_000_000 {
            vtt += "00:00.000 --> 00:00.001\na\n\n"
            srt += "00:00:00,000 --> 00:00:00,001\na\n\n"
        }
        let webVTT = expectFlipbookError(.invalidInput) { _ = try CaptionFile(parsing: vtt, format: .webvtt, path: "many.vtt") }
        #expect(webVTT?.description == "many.vtt:\(3 + 3 * limit): the file has more than \(limit) cues; at most \(limit) are read")
        let subRip = expectFlipbookError(.invalidInput) { _ = try CaptionFile(parsing: srt, format: .srt, path: "many.srt") }
        #expect(subRip?.description == "many.srt:\(1 + 3 * limit): the file has more than \(limit) cues; at most \(limit) are read")
        let json = "[\n" + Array(repeating: #"{"text": "a", "start": 0, "end": 1}"#, count: limit + 1).joined(separator: ",\n") + "\n]"
        let words = expectFlipbookError(.invalidInput) { _ = try CaptionFile(parsing: json, format: .json, path: "many.json") }
        #expect(words?.description == "many.json:\(limit + 2): the file has more than \(limit) word timings; at most \(limit) are read")
    }

    @Test("a cue of a million characters is refused at its line")
    func aMillionCharacterCue() throws {
        let long = String(repeating: "x", count: 1_000_000)
        let vtt = expectFlipbookError(.invalidInput) {
            _ = try CaptionFile(parsing: "WEBVTT\n\n00:00.000 --> 00:01.000\nfine\n\n00:01.000 --> 00:02.000\n\(long)\n", format: .webvtt, path: "l.vtt")
        }
        let limit = CaptionFile.maximumCueLength
        #expect(vtt?.description == "l.vtt:6: the cue's text has more than \(limit) characters; at most \(limit) are read")
        let srt = expectFlipbookError(.invalidInput) {
            _ = try CaptionFile(parsing: "1\n00:00:00,000 --> 00:00:01,000\n\(long)\n", format: .srt, path: "l.srt")
        }
        #expect(srt?.description == "l.srt:2: the cue's text has more than \(limit) characters; at most \(limit) are read")
        // At the limit it reads.
        let most = String(repeating: "y", count: limit)
        #expect(try CaptionFile(parsing: "1\n00:00:00,000 --> 00:00:01,000\n\(most)\n", format: .srt, path: "m.srt").cues[0].text == most)
    }

    @Test("tags nested past the limit are refused at the line where they go too deep; unclosed tags within it read")
    func deepAndUnclosedTags() throws {
        let depth = WebVTTCueText.maximumDepth
        let deep = "first line\n" + String(repeating: "<b>", count: depth) + "\n" + String(repeating: "<i>", count: 5) + "deep"
        let vtt = expectFlipbookError(.invalidInput) {
            _ = try CaptionFile(parsing: "WEBVTT\n\n00:00.000 --> 00:01.000\n\(deep)\n", format: .webvtt, path: "d.vtt")
        }
        #expect(vtt?.description == "d.vtt:6: the cue's tags are nested more than \(depth) deep")
        let srt = expectFlipbookError(.invalidInput) {
            _ = try CaptionFile(parsing: "1\n00:00:00,000 --> 00:00:01,000\n\(deep)\n", format: .srt, path: "d.srt")
        }
        #expect(srt?.description == "d.srt:5: the cue's tags are nested more than \(depth) deep")
        let unclosed = String(repeating: "<b>", count: depth - 1) + "bold " + String(repeating: "</i>", count: 1000) + "<i"
        let read = try CaptionFile(parsing: "WEBVTT\n\n00:00.000 --> 00:01.000\n\(unclosed)\n", format: .webvtt, path: "u.vtt")
        #expect(read.cues.first?.text == "bold" && read.cues.first?.spans.count == depth)
    }

    @Test("an encoding name iconv does not know is refused at the layer's key, in the scene file")
    func anUnknownEncoding() throws {
        let scratch = try TemporaryDirectory("captions")
        try scratch.write("talk.srt", "1\n00:00:00,000 --> 00:00:01,000\nHi\n")
        let json = "{\"duration\": 1,\n \"layers\": [{\"scene\": \"captions\", \"src\": \"talk.srt\",\n  \"encoding\": \"latin-42\"}]}"
        let error = expectFlipbookError(.invalidInput) {
            _ = try SceneFile.decode(Data(json.utf8), source: "scene.json",
                                     baseDirectory: URL(fileURLWithPath: scratch.url.path, isDirectory: true)).makeTimeline()
        }
        #expect(error?.description == "scene.json:3:15: layers[0].encoding must be an encoding iconv knows, such as windows-1252, "
                    + #"iso-8859-2, gb2312, shift_jis or utf-16; it is "latin-42"."#)
    }
}
