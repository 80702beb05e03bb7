import ArgumentParser
import Flipbook
import Foundation

extension FlipbookTool {
    /// `flipbook sheet`: a contact sheet, a grid of a clip's moments with their times, as PNG, PDF or SVG.
    struct Sheet: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render a contact sheet: evenly spaced moments of a scene in a grid, each labelled.",
            discussion: """
                Tile k is the still at its time, drawn --tile-width pixels wide. PNG is a raster; PDF \
                and SVG keep the tiles as vectors.

                Examples:
                  flipbook sheet party.json \\
                      -o sheet.png --grid 4x3
                  flipbook sheet confetti \\
                      -o sheet.pdf --every 0.5 --label frame
                """)

        @OptionGroup var scene: SceneOptions
        @OptionGroup var rate: FrameRateOption
        @OptionGroup var watching: WatchOption
        @Option(name: Setting.grid.name, help: Setting.grid.argumentHelp(valueName: "CxR"))
        var grid: String?
        @Option(name: Setting.every.name, parsing: .unconditional, help: Setting.every.argumentHelp(valueName: "seconds"))
        var every: Double?
        @Option(name: Setting.columns.name, parsing: .unconditional, help: Setting.columns.argumentHelp(valueName: "N"))
        var columns: Int?
        @Option(name: Setting.tileWidth.name, parsing: .unconditional, help: Setting.tileWidth.argumentHelp(valueName: "pixels"))
        var tileWidth: Int?
        @Option(name: Setting.label.name, help: Setting.label.argumentHelp(valueName: "time|frame"))
        var label: ContactSheet.Label?
        @Option(name: [.short, .long], help: Setting.output.argumentHelp(valueName: "sheet.png|sheet.pdf|sheet.svg"))
        var output: String
        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        var givenFlags: Set<String> {
            var flags = scene.givenFlags.union(["--output"]).union(rate.written.keys)
            for (flag, given) in [("--grid", grid != nil), ("--every", every != nil), ("--columns", columns != nil),
                                  ("--tile-width", tileWidth != nil)] where given {
                flags.insert(flag)
            }
            return flags
        }

        /// The sheet the flags ask for; their forms and combinations are checked here, their ranges by
        /// ``ContactSheet/tiles(of:)``.
        func contactSheet() throws -> ContactSheet {
            var sheet = ContactSheet(tileWidth: tileWidth ?? ContactSheet.defaultTileWidth, label: label ?? .time)
            if let every {
                if grid != nil {
                    throw FlipbookError(invalid: "--grid", "and --every cannot be given together: choose the tiles by count or by time.",
                                        at: .init(flag: "--grid"))
                }
                sheet.spacing = .every(seconds: every, columns: columns ?? ContactSheet.defaultGrid.columns)
            } else if let columns {
                throw FlipbookError(invalid: "--columns", "is for --every; a grid's columns are the first number of --grid, "
                                        + "as in --grid \(columns)x\(ContactSheet.defaultGrid.rows).", at: .init(flag: "--columns"))
            } else if let grid {
                guard let parsed = Self.parseGrid(grid) else {
                    throw FlipbookError.mustBe(Setting.grid.key, "COLUMNSxROWS, such as 4x3", itIs: "\"\(grid)\"")
                }
                sheet.spacing = .grid(columns: parsed.columns, rows: parsed.rows)
            }
            return sheet
        }

        /// `4x3` as its two whole numbers; `nil` when it is not that form.
        static func parseGrid(_ text: String) -> (columns: Int, rows: Int)? {
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]) else { return nil }
            return (columns, rows)
        }

        func run() throws {
            try watching.run(scene: scene.scene) { try renderOnce() }
        }

        func renderOnce() throws {
            let url = URL(fileURLWithPath: output).standardizedFileURL
            try placingErrors(given: givenFlags, written: rate.written) {
                let request = try scene.request(fps: try rate.rate())
                let timeline: Timeline
                do {
                    timeline = try request.makeTimeline()
                } catch let error as FlipbookError {
                    throw request.placed(error)
                }
                printWarnings(of: timeline, quiet: quiet)
                try renderContactSheet(timeline, sheet: try contactSheet(), to: url)
            }
            Interruption.shared.keep(url)
            if !quiet { print("Wrote \(url.path)") }
        }
    }
}

extension ContactSheet.Label: ExpressibleByArgument {}
