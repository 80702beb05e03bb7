import Foundation

/// The markdown table and the target checks printed at the end of `flipbook-bench all`.
enum WorkloadTable {
    /// The targets: floor time ÷ end-to-end time per clip workload (issue #15: B2 and B3 at 0.9 of the
    /// encoder floor, B1 at 1.0).
    static let ratioTargets = ["B1": 1.0, "B2": 0.9, "B3": 0.9]
    static let memoryTarget = 300.0  // MB, at 1080p/medium
    static let stillTarget = 0.3  // seconds
    static let drawTarget = 9.0  // ms per frame, 10,000 particles, one core (issue #15)
    static let convertTarget = 2.0  // ms per frame, one core

    static func megabytes(_ bytes: Int?) -> String {
        bytes.map { String(format: "%.0f", Double($0) / 1_048_576) } ?? "n/a"
    }

    static func markdown(_ r: WorkloadResults) -> String {
        var lines = [
            "| Workload | Frames | End to end: wall s (CPU s) | fps | Encoder floor: wall s (CPU s) | fps | Floor ÷ end to end | Draw | Convert | Encode | Encoder waited | Peak MB render | Peak MB floor (frames held) |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for (workload, e, f, _) in r.clips {
            let n = Double(max(e.frames, 1))
            func ms(_ s: Double?) -> String { s.map { String(format: "%.2f", $0 * 1000 / n) } ?? "-" }
            let held = f.residentBeforeEncoding.map { " (\(megabytes($0)))" } ?? ""
            lines.append(
                "| \(workload.id) \(workload.name) (\(workload.preset)) | \(e.frames)"
                    + String(format: " | %.2f (%.2f) | %.1f | %.2f (%.2f) | %.1f | **%.2f**",
                             e.wall, e.cpu, n / e.wall, f.wall, f.cpu, n / f.wall, f.wall / e.wall)
                    + " | \(ms(e.draw)) | \(ms(e.convert)) | \(ms(e.encode)) | \(ms(e.wait))"
                    + " | \(megabytes(e.peakBytes)) | \(megabytes(f.peakBytes))\(held) |")
        }
        if let s = r.still {
            lines.append(
                "| \(s.id) still (3840×2160 PNG) | 1"
                    + String(format: " | %.3f (%.3f) | – | – | – | – | draw %.3f s | – | PNG %.3f s | – | ",
                             s.wall, s.cpu, s.stillDraw ?? 0, s.stillPNG ?? 0)
                    + "\(megabytes(s.peakBytes)) | – |")
        }
        lines.append("")
        if let runs = r.clips.first?.ratios.count, runs > 1 {
            let each = r.clips.map { clip in
                "\(clip.workload.id) " + clip.ratios.map { String(format: "%.2f", $0) }.joined(separator: ", ")
            }
            lines.append("Medians of \(runs) runs each (end to end and floor alternating); floor ÷ end to end of each "
                         + "run: \(each.joined(separator: "; ")).")
        }
        lines.append("Stage columns are ms per frame summed over threads (draw and convert run on the workers, "
                     + "encode and waiting on the encoding thread).")
        let others = (r.clips.flatMap { [$0.endToEnd, $0.floor] } + [r.still].compactMap { $0 }).compactMap(\.othersCPU)
        if let worst = others.max() {
            lines.append(String(format: "Other processes used at most %.1f CPU s during any one timed run "
                                    + "(0 on a quiet machine).", worst))
        }
        if let o = r.oneCore {
            lines.append(String(format: "One core (thread CPU, median): 10,000 confetti particles drawn at 1920×1080 "
                                    + "in %.2f ms/frame (B2 frames from 1.5 s); BGRA → yuv420p conversion %.2f ms/frame.",
                                o.drawMillisecondsPerFrame ?? 0, o.convertMillisecondsPerFrame ?? 0))
        }
        if let short = r.shortSeed, let long = r.longSeed {
            lines.append("Memory against clip length (B1, 1080p medium): \(short.frames) frames peak "
                         + "\(megabytes(short.peakBytes)) MB, \(long.frames) frames peak \(megabytes(long.peakBytes)) MB"
                         + growth(short, long) + ".")
        }
        return lines.joined(separator: "\n")
    }

    static func growth(_ short: WorkloadMeasurement, _ long: WorkloadMeasurement) -> String {
        guard let a = short.peakBytes, let b = long.peakBytes, a > 0 else { return "" }
        return String(format: " (%+.1f%%)", (Double(b) / Double(a) - 1) * 100)
    }

    /// One line per target: met or not, with the figure.
    static func targets(_ r: WorkloadResults) -> [String] {
        func verdict(_ met: Bool) -> String { met ? "met    " : "NOT MET" }
        var lines = ["Targets:"]
        for (workload, e, f, _) in r.clips {
            if let target = ratioTargets[workload.id] {
                let ratio = f.wall / e.wall
                lines.append(String(format: "  %@ %@ floor ÷ end to end %.2f (target ≥ %.1f)",
                                    verdict(ratio >= target), workload.id, ratio, target))
            }
            if workload.preset == "medium", let peak = e.peakBytes {
                let mb = Double(peak) / 1_048_576
                lines.append(String(format: "  %@ %@ peak memory %.0f MB at 1080p/medium (target ≤ %.0f MB)",
                                    verdict(mb <= memoryTarget), workload.id, mb, memoryTarget))
            }
        }
        if let short = r.shortSeed?.peakBytes, let long = r.longSeed?.peakBytes {
            let change = (Double(long) / Double(short) - 1) * 100
            lines.append(String(format: "  %@ memory flat in clip length: 10× longer B1 %+.1f%% (target within ±10%%)",
                                verdict(abs(change) <= 10), change))
        }
        if let o = r.oneCore {
            let draw = o.drawMillisecondsPerFrame ?? .infinity, convert = o.convertMillisecondsPerFrame ?? .infinity
            lines.append(String(format: "  %@ 10k particles %.2f ms/frame on one core (target ≤ %.0f)",
                                verdict(draw <= drawTarget), draw, drawTarget))
            lines.append(String(format: "  %@ conversion %.2f ms/frame on one core (target ≤ %.0f)",
                                verdict(convert <= convertTarget), convert, convertTarget))
        }
        if let s = r.still {
            lines.append(String(format: "  %@ B4 still %.3f s including the PNG (target ≤ %.1f s)",
                                verdict(s.wall <= stillTarget), s.wall, stillTarget))
        }
        return lines
    }
}
