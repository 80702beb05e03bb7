import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// The command line as the settings table states it: its options, their help, the checks reached
/// through them, `flipbook settings` and `render --dry-run`.
@Suite("Settings on the command line")
struct SettingsToolTests {
    /// The options a command has that are not settings: how it prints, not what it makes.
    static let commandOnlyFlags: [String: Set<String>] = [
        "render": ["--dry-run", "--json", "--quiet", "--watch", "--help", "--version"],
        "still": ["--quiet", "--watch", "--help", "--version"],
        "sheet": ["--quiet", "--watch", "--help", "--version"],
        "compare": ["--help", "--version"],
    ]

    @Test("each command's --help lists exactly the table's flags for it, each with the row's help line",
          arguments: [("render", Setting.Place.render), ("still", Setting.Place.still), ("sheet", Setting.Place.sheet),
                      ("compare", Setting.Place.compare)])
    func helpIsTheTable(command: String, place: Setting.Place) throws {
        let run = try Tool.run([command, "--help"])
        #expect(run.status == 0)
        // The parser wraps lines: compare with runs of whitespace made single.
        let help = run.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let rows = Settings.all.filter { $0.places.contains(place) && $0.flag != nil && $0.key != "workers" }
        for row in rows {
            #expect(help.contains(row.option!), "\(command) --help lacks \(row.option!)")
            #expect(help.contains(row.helpLine), "\(command) --help lacks \(row.key)'s line: \(row.helpLine)")
        }
        let listed = Set(help.split(separator: " ").map { String($0.prefix { $0 != "," && $0 != ")" && $0 != "]" }) }
            .filter { $0.hasPrefix("--") && $0.count > 2 })
        #expect(listed.subtracting(rows.compactMap(\.option)).subtracting(Self.commandOnlyFlags[command]!) == [],
                "flags of \(command) outside the table")
    }

    @Test("flipbook settings prints every row; --json and --markdown the library's forms")
    func settingsCommand() throws {
        let text = try Tool.run(["settings"])
        #expect(text.status == 0 && text.output == Settings.listing + "\n")
        let json = try Tool.run(["settings", "--json"])
        #expect(try JSONDecoder().decode([Setting].self, from: Data(json.output.utf8)) == Settings.all)
        let markdown = try Tool.run(["settings", "--markdown"])
        #expect(markdown.output == Settings.markdownTable + "\n\n" + Settings.formatTable + "\n")
    }

    @Test("--crf 60 is a VP9 and AV1 CRF; for H.264 it is refused with H.264's range", arguments: [
        ("clip.webm", [String](), nil as String?),
        ("clip.mkv", ["--codec", "av1"], nil),
        ("clip.mp4", [], "error: --crf must be between 0 and 51 for H.264; it is 60. CRF ranges: h264, hevc 0...51; vp9, av1 0...63.\n"),
        ("clip.mp4", ["--codec", "hevc"], "error: --crf must be between 0 and 51 for HEVC; it is 60. CRF ranges: h264, hevc 0...51; vp9, av1 0...63.\n"),
    ])
    func crfPerCodec(file: String, extra: [String], error: String?) throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("scene.json", smallScene)
        let run = try Tool.run(["render", scene, "-o", scratch.path(file), "--crf", "60", "--duration", "0.3", "-q"] + extra)
        guard let error else {
            #expect(run.status == 0, "\(run.error)")
            let clip = try decodeClip(scratch.file(file))
            #expect(clip.codecName == (extra.isEmpty ? "vp9" : "av1") && clip.frameCount == 3)
            return
        }
        #expect(run.status == 2 && run.error == error)
        #expect(scratch.contents == ["scene.json"])
    }

    @Test("\"background\": \"transparent\" in a scene file renders with alpha, and asks an MP4 for alpha as --background does")
    func transparentInASceneFile() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("clear.json", smallScene.replacingOccurrences(of: #""white""#, with: #""transparent""#))
        let run = try Tool.run(["render", scene, "-o", scratch.path("clip.webm"), "-q"])
        #expect(run.status == 0, "\(run.error)")
        let clip = try decodeClip(scratch.file("clip.webm"))
        #expect(clip.framePixelFormat == "yuva420p")
        #expect(clip.frames.first?.pixel(0, 47).a == 0, "the bottom-left corner is uncovered")
        let still = try Tool.run(["still", scene, "-o", scratch.path("still.png"), "-q"])
        #expect(still.status == 0)
        #expect(try Bitmap(contentsOfPNG: scratch.file("still.png")).pixel(x: 0, y: 47).opacity == 0)
        let mp4 = try Tool.run(["render", scene, "-o", scratch.path("clip.mp4")])
        #expect(mp4.status == 2)
        #expect(mp4.error.contains("alpha needs a format with transparency"), "\(mp4.error)")
    }

    @Test("--fps is refused as the user wrote it")
    func frameRateMessage() throws {
        let run = try Tool.run(["render", "confetti", "-o", "x.mp4", "--fps", "29.5"])
        #expect(run.status == 2)
        #expect(run.error == "error: --fps " + FrameRate.requirement + "; it is 29.5.\n")
    }

    @Test("--dry-run prints the plan and writes nothing; --json prints it for scripts")
    func dryRun() throws {
        let scratch = try TemporaryDirectory.cli()
        let out = scratch.path("overlay.webm")
        let text = try Tool.run(["render", "confetti", "-o", out, "--background", "transparent", "--size", "64x48",
                                 "--duration", "1", "--fps", "30", "--crf", "40", "--dry-run"])
        #expect(text.status == 0, "\(text.error)")
        #expect(text.output == """
            output      \(out)
            format      VP9 yuva420p in WebM, alpha kept
            encoder     libvpx-vp9
            size        64x48 pixels (scale 2)
            frames      0-29 (30 of 30, 30 fps, 1 s clip)
            settings    crf 40, preset medium, threads \(VideoOptions.defaultEncoderThreads)
            background  transparent

            """)
        let json = try Tool.run(["render", "confetti", "-o", scratch.path("c-{chunk}.mp4"), "--chunk", "2/3",
                                 "--quality", "high", "--dry-run", "--json"])
        let plan = try OutputPlan.Listing.decode(Data(json.output.utf8))
        #expect(plan.output == scratch.path("c-2.mp4") && plan.kind == "clip" && plan.codec == "h264")
        #expect(plan.pixelFormat == "yuv420p" && plan.alpha == false && plan.chunk == "2/3")
        #expect(plan.settings == ["crf": .number(16), "preset": .text("slow"), "lookahead": .number(50),
                                  "keyframeInterval": nil, "threads": .text(String(VideoOptions.defaultEncoderThreads))].compactMapValues { $0 })
        #expect(json.output.contains(#""crf" : 16,"#)
                && json.output.contains(#""threads" : "\#(VideoOptions.defaultEncoderThreads)","#), "\(json.output)")
        #expect(plan.width == 780 && plan.height == 1688 && plan.frameCount == 60 && plan.frames == "60-119")
        // A GIF plays at most 50 fps: the plan is the clip that will be written, at 30 fps.
        let gif = try Tool.run(["render", "confetti", "-o", scratch.path("c.gif"), "--size", "64x48", "--dry-run"])
        #expect(gif.output.contains("frames      0-89 (90 of 90, 30 fps, 3 s clip)\n"), "\(gif.output)")
        #expect(gif.output.contains("note        The 60 fps timeline is written at 30 fps, every second frame"))
        #expect(scratch.contents == [])
    }

    // Root may enter any directory, so the tool runs as an unprivileged user, which only root can start.
    @Test("a directory the user may not enter is reported as permission denied, not as missing",
          .enabled(if: getuid() == 0, "needs root, to run the tool as an unprivileged user"))
    func unreachableDirectory() throws {
        let scratch = try TemporaryDirectory.cli()
        let closed = scratch.file("rodir")
        try FileManager.default.createDirectory(at: closed, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: closed.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: scratch.url.path)
        let run = try runProcess(URL(fileURLWithPath: "/usr/bin/setpriv"), [
            "--reuid=65534", "--regid=65534", "--clear-groups", Tool.executable.path,
            "still", "confetti", "-o", closed.appendingPathComponent("out.png").path])
        #expect(run.status == 1)
        #expect(run.error == "error: Cannot write PNG to \(closed.path)/out.png: permission denied: "
                    + "you may not enter the directory \(closed.path).\n", "\(run.error)")
    }
}
