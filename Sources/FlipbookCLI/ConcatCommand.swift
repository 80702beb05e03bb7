import ArgumentParser
import Flipbook
import Foundation

extension FlipbookTool {
    /// `flipbook concat`: joins the chunks `render --chunk` wrote into one clip, by remuxing
    /// (``concat(_:to:)``); this command expands the names and prints.
    struct Concat: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Join chunks rendered with render --chunk into one clip, without re-encoding.",
            discussion: """
                The chunks' packets are copied as they are into OUT (MP4, MOV, WebM or Matroska), \
                with the whole clip's timestamps and, for MP4 and MOV, the index at the front. \
                Chunks may be given in any order. Nothing is written if a chunk is missing, given \
                twice, from another scene or options, or broken; the message names the file.

                Examples:
                  flipbook concat part-1.mp4 \\
                      part-2.mp4 -o clip.mp4
                  flipbook concat 'part-{chunk}.mp4' \\
                      --chunks 8 -o clip.mp4
                """)

        @Argument(help: ArgumentHelp(
            "The chunk files, or one name with {chunk} and --chunks N.", valueName: "PARTS"))
        var parts: [String]

        @Option(name: .shortAndLong, help: ArgumentHelp("The clip to write.", valueName: "out.mp4"))
        var output: String

        @Option(parsing: .unconditional, help: ArgumentHelp(
            "How many chunks the single PARTS name with {chunk} stands for (the N of render --chunk K/N).",
            valueName: "N"))
        var chunks: Int?

        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        func validate() throws {
            guard let chunks else { return }
            guard parts.count == 1, parts[0].contains(Flipbook.Chunk.placeholder) else {
                throw ValidationError("--chunks takes one PARTS name containing \(Flipbook.Chunk.placeholder), "
                    + "as in 'part-{chunk}.mp4'.")
            }
            guard (1...Flipbook.Chunk.maximumCount).contains(chunks) else {
                throw ValidationError("--chunks must be between 1 and \(Flipbook.Chunk.maximumCount); it is \(chunks).")
            }
        }

        /// The chunk files: PARTS as given, or the one name with {chunk} for K = 1…N.
        func partFiles() throws -> [URL] {
            guard let chunks else { return parts.map { URL(fileURLWithPath: $0) } }
            return try (1...chunks).map { URL(fileURLWithPath: try Flipbook.Chunk($0, of: chunks).fileName(parts[0])) }
        }

        func run() throws {
            let url = URL(fileURLWithPath: output)
            let report = try concat(try partFiles(), to: url)
            Interruption.shared.keep(url)
            if !quiet {
                print(String(format: "Joined %d chunks into %@ (%d frames, %.2f s)", report.partCount, report.url.path,
                             report.frameCount, report.duration))
            }
        }
    }
}

extension FlipbookTool.Concat: InterruptibleCommand {}
