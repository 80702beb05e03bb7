import Flipbook
import Foundation

/// Shows a render's progress: a redrawn bar on a terminal, plain periodic lines when standard error
/// is a pipe or a file (CI logs), nothing with `--quiet`.
final class ProgressPrinter: @unchecked Sendable {
    // @unchecked: all mutable state is guarded by `lock`; the render calls `update` from its own thread.
    enum Style {
        case bar, lines, quiet

        /// The style for this process: a bar only when standard error is a terminal.
        static func automatic(quiet: Bool) -> Style {
            if quiet { return .quiet }
            return isatty(STDERR_FILENO) != 0 ? .bar : .lines
        }
    }

    private let style: Style
    private let label: String
    private let lock = NSLock()
    private var lastPrint = Date.distantPast
    private var lastFraction = -1.0
    private let lineInterval: TimeInterval

    init(style: Style, label: String, lineInterval: TimeInterval = 2) {
        self.style = style
        self.label = label
        self.lineInterval = lineInterval
    }

    func update(_ progress: RenderProgress) {
        guard style != .quiet, progress.totalFrames > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        let fraction = Double(progress.framesEncoded) / Double(progress.totalFrames)
        let done = progress.framesEncoded >= progress.totalFrames
        switch style {
        case .bar:
            // Redrawing more than ~20 times a second only costs time.
            guard done || now.timeIntervalSince(lastPrint) >= 0.05 else { return }
            write("\r\u{1B}[2K" + barLine(progress, fraction: fraction) + (done ? "\n" : ""))
        case .lines:
            guard done || now.timeIntervalSince(lastPrint) >= lineInterval else { return }
            guard fraction != lastFraction else { return }
            write(plainLine(progress, fraction: fraction) + "\n")
        case .quiet:
            return
        }
        lastPrint = now
        lastFraction = fraction
    }

    private func barLine(_ progress: RenderProgress, fraction: Double) -> String {
        let width = 28
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        return "\(label) [\(bar)] " + figures(progress, fraction: fraction)
    }

    private func plainLine(_ progress: RenderProgress, fraction: Double) -> String {
        "\(label): " + figures(progress, fraction: fraction)
    }

    private func figures(_ progress: RenderProgress, fraction: Double) -> String {
        let percent = Int((fraction * 100).rounded(.down))
        var text = "\(progress.framesEncoded)/\(progress.totalFrames) frames (\(percent)%)"
        text += String(format: ", %.1f fps", progress.framesPerSecond)
        if let eta = progress.estimatedTimeRemaining, progress.framesEncoded < progress.totalFrames {
            text += ", ETA " + formatDuration(eta)
        }
        return text
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// `1.3 s`, `2 min 05 s`: short durations for progress and summaries.
func formatDuration(_ seconds: TimeInterval) -> String {
    guard seconds.isFinite, seconds >= 0 else { return "?" }
    if seconds < 60 { return String(format: "%.1f s", seconds) }
    let whole = Int(seconds.rounded())
    return String(format: "%d min %02d s", whole / 60, whole % 60)
}
