import ArgumentParser
import Flipbook
import Foundation
import Testing
@testable import FlipbookCLI

/// One reader for every setting: a flag and a batch key go through the row's field
/// (``RenderRequest/set(_:to:)``), so they make the same request and the same message.
@Suite("One reader for flags and batch keys")
struct SettingReaderTests {
    /// A value for every row `render` and a batch job both take, as typed after its flag and as
    /// JSON; none is the row's default, so each one changes the request.
    static let values: [String: (flag: String, json: String)] = [
        "size": ("64x48", #""64x48""#), "scale": ("1", "1"), "fps": ("29.97", "29.97"), "duration": ("0.5", "0.5"),
        "seed": ("7", "7"), "background": ("transparent", #""transparent""#), "colorScheme": ("dark", #""dark""#),
        "loudness": ("-14", "-14"), "quality": ("high", #""high""#), "frames": ("0-2", #""0-2""#),
        "codec": ("vp9", #""vp9""#), "format": ("webm", #""webm""#), "pixelFormat": ("yuva420p", #""yuva420p""#),
        "crf": ("40", "40"), "preset": ("fast", #""fast""#), "lookahead": ("10", "10"), "keyframeInterval": ("1", "1"),
        "maxBitrate": ("8M", #""8M""#), "level": ("4.2", "4.2"), "threads": ("auto", #""auto""#),
        "pngCompression": ("9", "9"), "loop": ("0", "0"), "audioCodec": ("opus", #""opus""#),
        "audioBitrate": ("128k", #""128k""#), "noAudio": ("", "true"), "cache": ("c", #""c""#), "cacheLimit": ("1G", #""1G""#),
    ]

    /// The rows with a field that both `render` and a batch job take.
    static var sharedRows: [Setting] {
        Settings.all.filter { $0.field != nil && $0.places.contains(.render) && $0.places.contains(.batch) }
    }

    @Test("every row render and a batch job share has a value here")
    func everySharedRowIsCovered() {
        #expect(Set(Self.sharedRows.map(\.key)) == Set(Self.values.keys))
    }

    @Test("each flag makes the request its batch key makes", arguments: sharedRows.map(\.key))
    func flagAndKeyAgree(key: String) throws {
        let setting = try #require(Settings.setting(forKey: key))
        let (text, json) = try #require(Self.values[key])
        var arguments = ["render", "confetti", "-o", "a.webm", try #require(setting.option)]
        if !text.isEmpty { arguments.append(text) }
        let render = try #require(try FlipbookTool.parseCommandLine(arguments) as? FlipbookTool.Render)
        let fromFlag = try render.request()
        let file = #"[{"scene": "confetti", "output": "a.webm", ""# + key + #"": "# + json + "}]"
        let fromKey = try #require(try BatchFile(decoding: Data(file.utf8), source: "jobs.json").jobs.first).request
        #expect(fromFlag == fromKey)
        #expect(fromFlag.givenKeys == [key])
        #expect(fromFlag != RenderRequest(scene: SceneRequest(scene: "confetti"), output: "a.webm"), "\(key) changes the request")
    }

    @Test("a value of the wrong form has one message, placed at the flag or the job's key")
    func wrongFormOneMessage() throws {
        let file = #"[{"scene": "confetti", "output": "a.mp4", "threads": "many"}]"#
        let fromKey = #expect(throws: FlipbookError.self) { try BatchFile(decoding: Data(file.utf8), source: "jobs.json") }
        #expect(fromKey?.message == #"jobs[0].threads must be "auto" or a whole number; it is "many"."#)
        let render = try #require(try FlipbookTool.parseCommandLine(["render", "confetti", "-o", "a.mp4", "--fps", "many"])
            as? FlipbookTool.Render)
        let fromFlag = #expect(throws: FlipbookError.self) { try render.request() }
        #expect(fromFlag?.message == "--fps must be \(FrameRate.supportedRates); it is \"many\".")
        var request = RenderRequest(scene: SceneRequest(scene: "confetti"), output: "a.mp4")
        #expect(throws: FlipbookError.mustBe("threads", "\"auto\" or a whole number", itIs: "\"many\"")) {
            try request.set(Setting.threads, to: .text("many"))
        }
        #expect(throws: FlipbookError.mustBe("crf", "a whole number", itIs: "a string")) {
            try request.set(Setting.crf, to: .json("18"))
        }
        #expect(request.givenKeys.isEmpty, "a value that does not read is not given")
    }

    @Test("a rate is shown as written in its message, from a flag and from a batch key")
    func rateShownAsWritten() throws {
        var request = RenderRequest(scene: SceneRequest(scene: "confetti"), output: "a.mp4")
        try request.set(Setting.fps, to: .text("29.5"))
        #expect(request.written.byKey == ["fps": "29.5"])
        try request.set(Setting.fps, to: .json(NSNumber(value: 12.5)))
        #expect(request.written.byKey == ["fps": "12.5"])
    }
}
