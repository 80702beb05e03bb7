import FlipbookCore
import FlipbookDrawing
import Foundation

/// The rows of the settings table that belong to `flipbook compare` (``ImageComparison``).
extension Setting {
    /// `compare --min-psnr DB`.
    public static let minPSNR = Setting(
        key: "minPSNR", flag: "min-psnr", swift: "SnapshotTolerance.psnr", type: "number of decibels",
        defaultValue: formatNumber(ImageComparison.defaultMinimumPSNR), unit: "dB", range: "> 0",
        places: [.compare], help: "The PSNR below which the pictures count as different (exit 1).")

    /// `compare --diff FILE`.
    public static let diff = Setting(
        key: "diff", flag: "diff", swift: "ImageComparison.differenceImage()", type: "file name",
        defaultValue: "none", range: "a .png", places: [.compare],
        help: "Write a difference image: the expected picture faded, each differing pixel in red.")

    /// The comparison's rows, in the order tables list them.
    public static let compareSettings: [Setting] = [.minPSNR, .diff]
}
