import Flipbook
import Foundation

/// Shows a render's progress: a bar redrawn in place on a terminal, plain periodic lines when
/// standard error is a pipe or a file (CI logs), nothing with `--quiet`.
final class ProgressPrinter: @unchecked Sendable {
    // @unchecked: all mutable state is guarded by `lock`; the render calls `update` from its own thread.
    enum Style: Equatable {
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
    private var lastEncoded = -1
    private var barShown = false
    private var rate = RateEstimator()
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
        rate.add(frames: progress.framesEncoded, at: progress.elapsed)
        let now = Date()
        let done = progress.framesEncoded >= progress.totalFrames
        switch style {
        case .bar:
            // Redrawing more than ~20 times a second only costs time.
            guard done || now.timeIntervalSince(lastPrint) >= 0.05 else { return }
            let line = progressLine(label: label, progress, rate: rate, columns: terminalColumns())
            write("\r\u{1B}[2K" + line + (done ? "\n" : ""))
            barShown = !done
        case .lines:
            guard done || now.timeIntervalSince(lastPrint) >= lineInterval, progress.framesEncoded != lastEncoded else {
                return
            }
            write(progressLine(label: label, progress, rate: rate, columns: nil) + "\n")
        case .quiet:
            return
        }
        lastPrint = now
        lastEncoded = progress.framesEncoded
    }

    /// Ends a bar left unfinished (a render that failed), so the error starts on its own line.
    func end() {
        lock.lock()
        defer { lock.unlock() }
        if barShown { write("\n") }
        barShown = false
    }

    deinit {
        if barShown { write("\n") }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// The frame rate over the last few seconds, so the ETA follows the render's current speed (the
/// first frames, slowed by the encoder's lookahead, soon stop counting).
struct RateEstimator {
    /// Seconds of history the rate is measured over.
    let window: TimeInterval
    private var samples: [(time: TimeInterval, frames: Int)] = []

    init(window: TimeInterval = 3) {
        self.window = window
    }

    mutating func add(frames: Int, at time: TimeInterval) {
        // One sample per tenth of a second is plenty, and keeps a fast render's history short.
        if samples.count > 1, let last = samples.last, time - samples[samples.count - 2].time < 0.1 {
            samples[samples.count - 1] = (max(time, last.time), frames)
        } else {
            samples.append((time, frames))
        }
        // Keep one sample older than the window, so the rate always spans the whole window.
        while samples.count > 2, samples[1].time <= time - window { samples.removeFirst() }
    }

    /// Frames per second over the window; `nil` until time has passed.
    var framesPerSecond: Double? {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return nil }
        return Double(last.frames - first.frames) / (last.time - first.time)
    }

    /// Seconds until `remaining` more frames are done at the current rate.
    func secondsRemaining(_ remaining: Int) -> TimeInterval? {
        guard let rate = framesPerSecond, rate > 0 else { return nil }
        return Double(remaining) / rate
    }
}

/// One progress line: `label [██████······] 120/300 frames, 128 drawn, 45.2 fps, ETA 4 s`.
///
/// With `columns`, the line fits in `columns - 1` characters (the last column would wrap on some
/// terminals): the bar takes what the figures leave, and the label and the figures' words give
/// way first on narrow terminals. Without, it is a plain line for logs.
func progressLine(label: String, _ progress: RenderProgress, rate: RateEstimator, columns: Int?) -> String {
    let encoded = progress.framesEncoded, total = progress.totalFrames
    let fps = rate.framesPerSecond ?? progress.framesPerSecond
    let eta = encoded < total ? rate.secondsRemaining(total - encoded) : nil
    let fpsText = String(format: "%.1f fps", fps)
    let etaText = eta.map { ", ETA " + formatCompactDuration($0) } ?? ""
    let percent = total > 0 ? encoded * 100 / total : 100
    guard let columns else {
        return "\(label): \(encoded)/\(total) frames (\(percent)%), \(progress.framesRendered) drawn, \(fpsText)\(etaText)"
    }
    let width = max(columns - 1, 1)
    // From the fullest to the most compact; the first that leaves room for a bar of 10 wins.
    let figures = [
        "\(encoded)/\(total) frames, \(progress.framesRendered) drawn, \(fpsText)\(etaText)",
        "\(encoded)/\(total) enc \(progress.framesRendered) drawn \(String(format: "%.0f", fps))fps"
            + (eta.map { " ETA " + formatCompactDuration($0) } ?? ""),
    ]
    let labels = [label + " ", ""]
    for text in figures {
        for prefix in labels {
            let barWidth = width - prefix.count - text.count - 3
            if barWidth >= 10 {
                let filled = total > 0 ? min(barWidth, barWidth * encoded / total) : barWidth
                let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: barWidth - filled)
                return "\(prefix)[\(bar)] \(text)"
            }
        }
    }
    // Narrower than any layout: the figures alone, cut to fit.
    return String(figures[1].prefix(width))
}

/// `4 s`, `2m05s`, `1h02m`: durations short enough for a progress bar.
func formatCompactDuration(_ seconds: TimeInterval) -> String {
    guard seconds.isFinite, seconds >= 0, seconds < 1e9 else { return "?" }
    let whole = Int(saturating: seconds, rounded: .up)
    if whole < 60 { return "\(whole) s" }
    if whole < 3600 { return String(format: "%dm%02ds", whole / 60, whole % 60) }
    return String(format: "%dh%02dm", whole / 3600, whole % 3600 / 60)
}

/// `1.3 s`, `2 min 05 s`: durations for summaries.
func formatDuration(_ seconds: TimeInterval) -> String {
    guard seconds.isFinite, seconds >= 0, seconds < 1e9 else { return "?" }
    if seconds < 60 { return String(format: "%.1f s", seconds) }
    let whole = Int(saturating: seconds)
    return String(format: "%d min %02d s", whole / 60, whole % 60)
}
