import ArgumentParser
import Flipbook
import Foundation
import Testing
@testable import FlipbookCLI

/// The command line parsed in-process, with the parser's exact messages.
@Suite("flipbook parsing")
struct ParsingTests {
    func message(_ arguments: [String]) -> String {
        do {
            _ = try FlipbookTool.parseCommandLine(arguments)
            return "parsed"
        } catch {
            return FlipbookTool.message(for: error)
        }
    }

    @Test("a mistyped subcommand suggests the one meant")
    func mistypedSubcommand() {
        #expect(message(["rendr", "confetti"]) == "Unknown subcommand 'rendr'. Did you mean 'render'?")
        #expect(message(["stil"]) == "Unknown subcommand 'stil'. Did you mean 'still'?")
        #expect(message(["fireworks"]) == "Unknown subcommand 'fireworks'.")
    }

    @Test("negative numbers are values, left for the range check")
    func negativeNumbers() throws {
        let still = try #require(try FlipbookTool.parseCommandLine(["still", "confetti", "--time", "-1", "-o", "x.png"])
            as? FlipbookTool.Still)
        #expect(still.time == -1)
        let render = try #require(try FlipbookTool.parseCommandLine(
            ["render", "confetti", "--duration", "-2", "--scale", "-1", "--crf", "-5", "-o", "x.mp4"]) as? FlipbookTool.Render)
        #expect(render.scene.duration == -2 && render.scene.scale == -1 && render.encoding.crf == -5)
    }

    @Test("--fps reads 30, 29.97 and 30000/1001", arguments: [
        ("30", FrameRate(30)), ("29.97", FrameRate(30000, 1001)), ("30000/1001", FrameRate(30000, 1001)),
    ])
    func frameRates(text: String, rate: FrameRate) throws {
        let render = try #require(try FlipbookTool.parseCommandLine(["render", "confetti", "--fps", text, "-o", "x.mp4"])
            as? FlipbookTool.Render)
        #expect(try render.rate.rate() == rate)
    }

    @Test("a flag's value is checked by the library's check and named by the flag")
    func flagErrors() throws {
        let render = try #require(try FlipbookTool.parseCommandLine(["render", "confetti", "--fps", "0", "-o", "x.mp4"])
            as? FlipbookTool.Render)
        let error = #expect(throws: FlipbookError.self) { try render.plan() }
        #expect(error?.kind == .invalidInput)
        #expect(error?.location.flag == "--fps")
        #expect(error?.message == "--fps \(FrameRate.requirement); it is 0.")

        let crf = try #require(try FlipbookTool.parseCommandLine(["render", "confetti", "--crf", "60", "-o", "x.mp4"])
            as? FlipbookTool.Render)
        let crfError = #expect(throws: FlipbookError.self) { try crf.plan() }
        #expect(crfError?.message == "--crf must be between 0 and 51 for H.264; it is 60. \(Setting.crf.codecRangesText)")
        // The same check in Swift names the key instead; without a codec, the widest range holds.
        let swiftError = #expect(throws: FlipbookError.self) { try VideoOptions(crf: 64) }
        #expect(swiftError?.message == "crf must be between 0 and 63; it is 64. \(Setting.crf.codecRangesText)")
        let mp4 = #expect(throws: FlipbookError.self) { try OutputFormat(container: .mp4, options: try VideoOptions(crf: 60)) }
        #expect(mp4?.message == "crf must be between 0 and 51 for H.264; it is 60. \(Setting.crf.codecRangesText)")
        #expect(try OutputFormat(container: .webm, options: try VideoOptions(crf: 63)).codec == .vp9)
    }

    @Test("an error is placed at a flag only when the flag gave the value")
    func placement() {
        let error = FlipbookError(invalid: "The frame rate", "must be 30.", at: .init(keyPath: "fps"))
        #expect((placedAtFlag(error, given: ["--fps"]) as? FlipbookError)?.message == "--fps must be 30.")
        #expect((placedAtFlag(error, given: ["--size"]) as? FlipbookError)?.message == "fps must be 30.")
        let inFile = error.at(file: "party.json")
        #expect((placedAtFlag(inFile, given: ["--fps"]) as? FlipbookError)?.description == "party.json: fps must be 30.")
    }

    @Test("options that change nothing for still are not offered by it", arguments: ["--fps", "--crf", "--preset"])
    func stillOptions(flag: String) {
        // The parser may suggest a flag still has (--set); it never accepts this one.
        #expect(message(["still", "confetti", flag, "30", "-o", "x.png"]).hasPrefix("Unknown option '\(flag)'"))
    }

    @Test("presets are a fixed list: help shows it, completion offers it, a typo is refused")
    func presets() {
        let help = FlipbookTool.helpMessage(for: FlipbookTool.Render.self, columns: 400)
        #expect(help.contains("values: " + X264Preset.allCases.map(\.rawValue).joined(separator: ", ")))
        let completion = FlipbookTool.completionScript(for: .bash)
        for preset in X264Preset.allCases {
            #expect(completion.contains("'\(preset.rawValue)'"), "\(preset) is not offered")
        }
        #expect(message(["render", "confetti", "--preset", "warp", "-o", "x.mp4"])
            .hasPrefix("The value 'warp' is invalid for '--preset <preset>'"))
    }

    @Test("help examples are never wrapped mid-command, from 40 columns up", arguments: [40, 80, 100])
    func examples(columns: Int) {
        for command in [FlipbookTool.Render.self, FlipbookTool.Still.self, FlipbookTool.Batch.self] as [any ParsableCommand.Type] {
            let discussion = command.configuration.discussion
            let examples = discussion.split(separator: "\n").filter { $0.hasPrefix("  flipbook") || $0.hasPrefix("      --") }
            #expect(!examples.isEmpty)
            let help = FlipbookTool.helpMessage(for: command, columns: columns)
            let lines = Set(help.split(separator: "\n"))
            for example in examples {
                #expect(lines.contains(example), "\(command): '\(example)' is wrapped at \(columns) columns")
            }
        }
    }

    @Test("studio's scene is optional: its usage, its help line, and the server's arguments with and without one")
    func studioScene() throws {
        let help = FlipbookTool.helpMessage(for: FlipbookTool.Studio.self, columns: 400)
        #expect(help.contains("USAGE: flipbook studio [<confetti|ripples|FILE.json>] [--port <port>] [--host <host>] [--token <token>]"),
                "\(help)")
        let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("<confetti|ripples|FILE.json> The scene to preview; without one, the page offers the built-in scenes and "
                               + "the folder's scene files."), "\(help)")
        #expect(words.contains("Without a scene, the page offers the built-in scenes and the scene files (JSON and Lottie) of the "
                              + "current folder, and opens the one chosen."))
        #expect(try FlipbookTool.Studio.parse([]).serverArguments == [])
        #expect(try FlipbookTool.Studio.parse(["--port", "0"]).serverArguments == ["--port", "0"])
        #expect(try FlipbookTool.Studio.parse(["card.json", "--port", "0"]).serverArguments == ["card.json", "--port", "0"])
    }

    @Test("serve passes --memory on in bytes")
    func serveMemory() throws {
        #expect(try FlipbookTool.Serve.parse(["--jobs", "3", "--memory", "1.5G"]).serverArguments == ["--jobs", "3", "--memory", "1610612736"])
        #expect(throws: (any Error).self) { try FlipbookTool.Serve.parse(["--memory", "lots"]) }
    }

    @Test("help documents the exit statuses")
    func exitStatusHelp() {
        let help = FlipbookTool.helpMessage(columns: 400)
        #expect(help.contains("Exit statuses: 0 success; 1 a render or a file failed"))
        #expect(help.contains("2 invalid input or usage"))
        #expect(help.contains("129, 130, 143 interrupted by SIGHUP, SIGINT, SIGTERM"))
    }

    @Test("each error kind has its exit status")
    func exitStatuses() {
        let statuses = FlipbookError.Kind.allCases.map { ($0, ExitStatus.status(for: $0)) }
        for (kind, status) in statuses {
            switch kind {
            case .invalidInput: #expect(status == 2)
            case .file, .codec, .diskFull, .internal: #expect(status == 1, "\(kind)")
            case .interrupted: #expect(status == 130)
            }
        }
        #expect(ExitStatus.status(for: .interrupted, signal: SIGTERM) == 143)
        #expect(ExitStatus.status(for: .interrupted, signal: SIGHUP) == 129)
    }
}
