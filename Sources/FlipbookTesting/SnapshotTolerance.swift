import Flipbook

/// How close a picture must be to its reference to pass a snapshot assertion.
public enum SnapshotTolerance: Sendable, Equatable, CustomStringConvertible {
    /// The same bytes.
    case exact
    /// A peak signal-to-noise ratio (``ImageComparison/psnr``) of at least this many decibels.
    case psnr(Double)

    /// What the assertions use unless told: ``psnr(_:)`` at ``ImageComparison/defaultMinimumPSNR``.
    public static let standard = SnapshotTolerance.psnr(ImageComparison.defaultMinimumPSNR)

    /// Whether `comparison` is within the tolerance.
    public func accepts(_ comparison: ImageComparison) -> Bool {
        switch self {
        case .exact: comparison.isIdentical
        case .psnr(let decibels): comparison.psnr >= decibels
        }
    }

    /// "PSNR ≥ 45 dB", "exact".
    public var description: String {
        switch self {
        case .exact: "exact"
        case .psnr(let decibels): "PSNR ≥ \(formatDecibels(decibels)) dB"
        }
    }
}

/// 45 → "45", 42.5 → "42.5".
func formatDecibels(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
