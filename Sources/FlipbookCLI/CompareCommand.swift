import ArgumentParser
import Flipbook
import Foundation

extension FlipbookTool {
    /// `flipbook compare`: how far one PNG is from another, for shell CI (``ImageComparison``).
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two PNGs: print their PSNR and SSIM; exit 1 when the PSNR is below --min-psnr (in dB).",
            discussion: """
                The pictures must have the same size. Every channel counts, transparency included.

                Examples:
                  flipbook compare expected.png actual.png
                  flipbook compare a.png b.png \\
                      --min-psnr 40 --diff d.png
                """)

        @Argument(help: "The expected picture (PNG).")
        var expected: String
        @Argument(help: "The picture to check (PNG).")
        var actual: String
        @Option(name: Setting.minPSNR.name, parsing: .unconditional, help: Setting.minPSNR.argumentHelp(valueName: "dB"))
        var minPSNR: Double?
        @Option(name: Setting.diff.name, help: Setting.diff.argumentHelp(valueName: "diff.png"))
        var diff: String?

        func run() throws {
            let threshold = minPSNR ?? ImageComparison.defaultMinimumPSNR
            guard threshold > 0, threshold.isFinite else {
                throw placedAtFlag(Setting.minPSNR.mustBe("a number of decibels above 0", itIs: formatNumberForFlag(threshold)),
                                   given: ["--min-psnr"])
            }
            let comparison = try ImageComparison(actual: try Bitmap(contentsOfPNG: URL(fileURLWithPath: actual)),
                                                 expected: try Bitmap(contentsOfPNG: URL(fileURLWithPath: expected)))
            if let diff {
                try comparison.differenceImage().writePNG(to: URL(fileURLWithPath: diff))
            }
            print(comparison.summary)
            guard comparison.psnr >= threshold else {
                printNote(String(format: "error: %@ and %@ differ: PSNR %.2f dB is below %@ dB.", expected, actual,
                                 comparison.psnr, formatNumberForFlag(threshold)))
                throw ExitCode(ExitStatus.failure)
            }
        }
    }
}

/// 45 → "45", 42.5 → "42.5".
private func formatNumberForFlag(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
