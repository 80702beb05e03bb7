import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// The settings table is the one statement of every setting: these tests fail when a reader, a
/// check or a document says something the table does not.
@Suite("Settings table")
struct SettingsTableTests {
    @Test("keys and flags are unique, and every row says where it applies")
    func rowsAreWellFormed() {
        let keys = Settings.all.map(\.key)
        #expect(Set(keys).count == keys.count, "\(keys)")
        let flags = Settings.all.compactMap(\.flag)
        #expect(Set(flags).count == flags.count, "\(flags)")
        for row in Settings.all {
            #expect(!row.places.isEmpty && !row.help.isEmpty && !row.defaultValue.isEmpty, "\(row.key)")
        }
    }

    @Test("the CRF row's ranges: 0...51 for H.264 and HEVC, 0...63 for VP9 and AV1; its codecs are theirs")
    func crfRangesAndCodecs() throws {
        #expect(Setting.crf.codecRanges == [
            Setting.CodecRange(codecs: ["h264", "hevc"], bounds: 0...51),
            Setting.CodecRange(codecs: ["vp9", "av1"], bounds: 0...63),
        ])
        #expect(Setting.crf.codecs == ["h264", "hevc", "vp9", "av1"])
        #expect(Setting.crf.range == "0...63")
        #expect(Setting.crf.codecRangesText == "CRF ranges: h264, hevc 0...51; vp9, av1 0...63.")
        // Listed and read back as the table shows them.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let listed = try encoder.encode(Setting.crf.codecRanges)
        #expect(String(decoding: listed, as: UTF8.self) == #"[{"codecs":["h264","hevc"],"range":"0...51"},{"codecs":["vp9","av1"],"range":"0...63"}]"#)
        #expect(try JSONDecoder().decode([Setting.CodecRange].self, from: listed) == Setting.crf.codecRanges)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Setting.CodecRange.self, from: Data(#"{"codecs":["h264"],"range":"9...1"}"#.utf8))
        }
        #expect(Setting.lookahead.codecs == ["h264"])
        #expect(Setting.maxBitrate.codecs == ["h264", "hevc"])
        #expect(Setting.level.codecs == ["h264", "hevc"])
        #expect(Setting.threads.codecs == ["h264", "hevc", "vp9", "av1", "prores"])
        #expect(Setting.loop.codecs == ["gif", "apng", "webp"])
    }

    @Test("a batch job takes exactly the table's batch keys")
    func batchKeysAreTheTables() throws {
        #expect(BatchJob.keys == Settings.keys(for: .batch))
        // Every batch key is read: a job giving each of them a valid value is accepted.
        let values: [String: String] = [
            "name": #""n""#, "scene": #""confetti""#, "output": #""a.webm""#, "size": #""64x64""#, "scale": "1",
            "fps": "10", "duration": "0.5", "seed": "3", "background": #""transparent""#, "time": "0.1",
            "frames": #""0-2""#, "quality": #""high""#, "codec": #""vp9""#, "format": #""webm""#,
            "pixelFormat": #""yuva420p""#, "crf": "40", "preset": #""fast""#, "lookahead": "10",
            "keyframeInterval": "1", "maxBitrate": #""8M""#, "loop": "0", "colorScheme": #""dark""#,
            "level": "4.2", "pngCompression": "9", "threads": #""auto""#, "loudness": "-14", "audioCodec": #""opus""#,
            "audioBitrate": #""128k""#, "noAudio": "true", "cache": #""cache""#, "cacheLimit": #""1G""#,
            "outputs": #"["a.webm", "b.gif"]"#,
        ]
        #expect(Set(values.keys) == Set(BatchJob.keys))
        // "outputs" replaces "output": a job has one of them.
        let several = "{" + BatchJob.keys.filter { $0 != "output" && $0 != "frames" && $0 != "time" }
            .map { "\"\($0)\": \(values[$0]!)" }.joined(separator: ", ") + "}"
        #expect(try BatchFile(decoding: Data("[\(several)]".utf8), source: "jobs.json").jobs.first?.outputs == ["a.webm", "b.gif"])
        let json = "{" + BatchJob.keys.filter { $0 != "outputs" }.map { "\"\($0)\": \(values[$0]!)" }
            .joined(separator: ", ") + "}"
        let batch = try BatchFile(decoding: Data("[\(json)]".utf8), source: "jobs.json")
        let job = try #require(batch.jobs.first)
        #expect(job.request.encoding.crf == 40 && job.request.encoding.loop == 0 && job.request.encoding.maxBitrate == 8_000_000)
        #expect(job.request.encoding.level == "4.2" && job.request.encoding.pngCompression == 9)
        #expect(job.request.encoding.encoderThreads == VideoOptions.automaticEncoderThreads)
        #expect(job.request.scene.loudness == -14 && job.request.encoding.audioCodec == .opus && job.request.encoding.audioBitrate == 128_000)
        #expect(!job.request.encoding.audio)
        #expect(job.request.scene.background == .clear && job.name == "n" && job.request.scene.colorScheme == .dark)
    }

    @Test("a scene file's top-level keys are the table's scene-file rows, and their help is the rows'")
    func sceneFileKeysAreTheTables() throws {
        let section = try #require(SceneReference.fileSections.first)
        // The layers and the template parameters are the file's own, not settings.
        let keys = section.parameters.map(\.key).filter { $0 != "layers" && $0 != "parameters" }
        #expect(keys == Settings.keys(for: .sceneFile))
        for parameter in section.parameters where ["scale", "duration", "background"].contains(parameter.key) {
            #expect(parameter.help == Settings.setting(forKey: parameter.key)?.help, "\(parameter.key)")
        }
    }

    @Test("flipbook settings --json is the table")
    func jsonRoundTrips() throws {
        let decoded = try JSONDecoder().decode([Setting].self, from: Data(try Settings.json().utf8))
        #expect(decoded == Settings.all)
    }

    @Test("the DocC article's tables and the README's format table are the generated ones")
    func documentsShowTheTable() throws {
        let article = "Sources/Flipbook/Flipbook.docc/CommandLineTool.md"
        try expectGeneratedSection(in: article, marker: "settings", content: Settings.markdownTable)
        try expectGeneratedSection(in: article, marker: "formats", content: Settings.formatTable)
        try expectGeneratedSection(in: "README.md", marker: "formats", content: Settings.formatTable)
    }
}

/// The package's root directory.
private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Expects the text between `<!-- marker:begin -->` and `<!-- marker:end -->` in `path` to be
/// `content`; with UPDATE_REFERENCE=1 in the environment, writes it there instead.
private func expectGeneratedSection(in path: String, marker: String, content: String) throws {
    let url = packageRoot.appendingPathComponent(path)
    let text = try String(contentsOf: url, encoding: .utf8)
    let begin = "<!-- \(marker):begin -->\n", end = "<!-- \(marker):end -->"
    let start = try #require(text.range(of: begin), "\(path) has no \(begin)")
    let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex), "\(path) has no \(end)")
    let checkedIn = String(text[start.upperBound..<stop.lowerBound])
    let generated = content + "\n"
    if checkedIn != generated, ProcessInfo.processInfo.environment["UPDATE_REFERENCE"] == "1" {
        try (text[..<start.upperBound] + generated + text[stop.lowerBound...]).write(to: url, atomically: true, encoding: .utf8)
        return
    }
    #expect(checkedIn == generated, "\(path)'s \(marker) table is stale: run the tests with UPDATE_REFERENCE=1")
}
