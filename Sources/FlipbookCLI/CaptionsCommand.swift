import ArgumentParser
import Flipbook
import Foundation

extension CaptionFormat: ExpressibleByArgument {}

extension FlipbookTool {
    /// `flipbook captions FILE [--json]`: the cues of a captions file as a captions layer reads them
    /// (``CaptionFile``), so a user can see why a caption looks as it does.
    struct Captions: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print what a captions file reads as: each cue's times, text as drawn, word timings and settings, and warnings.",
            discussion: """
                Reads SRT (.srt), WebVTT (.vtt) or word timings (.json) exactly as a captions layer does. \
                Cues that cannot be read are left out, each with a warning naming its line (printed on \
                standard error, or under "warnings" with --json); a file that cannot be read at all \
                exits with status 2.

                Examples:
                  flipbook captions talk.vtt
                  flipbook captions film.srt --encoding windows-1252
                  flipbook captions talk.vtt --json
                """)

        @Argument(help: ArgumentHelp("The captions file.", valueName: "FILE"))
        var file: String

        @Option(help: ArgumentHelp("The file's format. Default: the one its extension names.", valueName: "srt|webvtt|json"))
        var format: CaptionFormat?

        @Option(help: ArgumentHelp("The file's character encoding, any name iconv knows (windows-1252, gb2312). "
                                       + "Default: UTF-8, or UTF-16 with a byte-order mark.", valueName: "name"))
        var encoding: String?

        @Flag(help: #"Print {"cues": [...], "warnings": [...]} as JSON instead of text."#)
        var json = false

        func run() throws {
            let captions: CaptionFile
            do {
                captions = try CaptionFile(contentsOf: URL(fileURLWithPath: file), format: format, encoding: encoding)
            } catch let error as FlipbookError where error.location.keyPath == "encoding" {
                throw error.at(flag: "--encoding")
            }
            if json {
                print(try captions.json())
                return
            }
            print(captions.listing)
            for warning in captions.warnings { printNote("warning: \(warning)") }
        }
    }
}
