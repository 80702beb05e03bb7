import FlipbookTestSupport
import Foundation
import Testing

/// Text drawn by the `flipbook` tool: the same bytes whatever the machine's fontconfig setup, and a
/// missing custom font warned about once.
@Suite("Text from the command line")
struct TextCLITests {
    static let scene = #"""
        {"size": [160, 120], "scale": 1, "fps": 10, "duration": 1, "background": "white",
         "layers": [{"scene": "confetti", "seed": 5, "bursts": [{"count": 40, "emitter": "point",
            "sizes": [[16, 16]], "shapes": [{"text": "🎉"}, {"text": "★"}, {"text": "Aب"}]}]}]}
        """#

    /// Runs `flipbook` with `environment` added to (or replacing entries of) this process's.
    func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL) throws -> ToolRun {
        try Tool.run(arguments, in: directory,
                     environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    }

    @Test func textDoesNotDependOnTheMachinesFontconfigSetup() throws {
        let directory = try TemporaryDirectory.cli()
        let scene = try directory.write("text.json", Self.scene)
        let normal = try run(["still", scene, "--time", "0.4", "-o", "normal.png"], in: directory.url)
        #expect(normal.status == 0, "\(normal.error)")
        // No usable fontconfig file, no configuration directory, no user configuration: the package's
        // private configuration does not read them.
        let bare = try run(["still", scene, "--time", "0.4", "-o", "bare.png"],
                           environment: ["FONTCONFIG_FILE": directory.path("missing-fonts.conf"),
                                         "FONTCONFIG_PATH": directory.path("missing-dir"),
                                         "XDG_CONFIG_HOME": directory.path("missing-home"),
                                         "HOME": directory.path("missing-home")],
                           in: directory.url)
        #expect(bare.status == 0, "\(bare.error)")
        let a = try Data(contentsOf: directory.file("normal.png")), b = try Data(contentsOf: directory.file("bare.png"))
        #expect(a == b)
        #expect(a.count > 1000)
    }

    @Test func aMissingCustomFontIsReportedOnce() throws {
        let directory = try TemporaryDirectory.cli()
        let scene = try directory.write("custom.json", Self.scene.replacingOccurrences(
            of: #"{"text": "★"}"#, with: #"{"text": "★", "font": "Flipbook Missing Family"}"#))
        let result = try run(["render", scene, "-o", "clip.mp4", "--quiet"], in: directory.url)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.components(separatedBy: "\n").filter { !$0.isEmpty }
            == [#"warning: the font "Flipbook Missing Family" is not installed; drawing with Noto Sans instead."#])
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
                   "fonts-noto-cjk is not installed (scripts/install-deps.sh installs it for the tests)"))
    func japaneseTextNamesTheMachineFontItIsDrawnWith() throws {
        let directory = try TemporaryDirectory.cli()
        let scene = try directory.write("japanese.json", #"""
            {"size": [320, 80], "fps": 10, "duration": 1, "background": "white",
             "layers": [{"scene": "text", "text": "こんにちは、世界", "font": {"size": 30}}]}
            """#)
        let result = try run(["render", scene, "-o", "clip.mp4", "--quiet"], in: directory.url)
        #expect(result.status == 0, "\(result.error)")
        // Once, though every frame draws the text.
        #expect(result.error.components(separatedBy: "\n").filter { !$0.isEmpty } == [
            "warning: Flipbook's fonts have no glyphs for こ U+3053, ん U+3093, に U+306B, ち U+3061, は U+306F, 、 U+3001, "
                + "世 U+4E16, 界 U+754C; they are drawn with \"Noto Sans CJK JP\" from this machine's fonts "
                + "(/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc), so they may look different on another machine.",
        ])
    }

    @Test func scenesListsTextShapes() throws {
        let directory = try TemporaryDirectory.cli()
        let result = try run(["scenes", "confetti"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.output.contains(#"{"text": "🎉"}"#))
    }
}
