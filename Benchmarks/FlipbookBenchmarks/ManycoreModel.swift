import Foundation

/// The wall time of each measured layout predicted for a machine of more cores, from what this
/// machine measured (the method is in Benchmarks/segments.md, "flipbook-bench manycore"):
///
/// - how many cores one encode keeps busy with T frame threads when cores are plentiful: Amdahl's
///   law fitted to the one-encode layouts with one and two threads here, `b(T) = b₁ ÷ ((1 − p) + p ÷ T)`,
///   when this machine was quiet enough for their wall times to mean it (other processes used under a
///   quarter of the CPU they did) and has two cores or more; otherwise 1.15 cores a frame thread, the
///   2.3 cores segments.md measured for two on 16 cores;
/// - each segment's CPU seconds: the layout's CPU here, shared among its segments by the frames
///   each encoder was fed (drawing and x264 both cost about the same per frame);
/// - on C cores a segment takes its CPU ÷ `b(T)` (at most C), slowed alike by `E·b(T) ÷ C` when the
///   E encoders together want more cores than there are; the layout takes as long as its longest
///   segment.
struct ManycoreModel {
    let measured: [ManycoreBenchmark.Measurement]
    /// Cores one encode keeps busy with one thread.
    let busyOne: Double
    /// Amdahl's parallel fraction of one encode.
    let parallel: Double
    /// Whether ``busyOne`` and ``parallel`` were fitted here (else segments.md's figure).
    let fitted: Bool

    /// The cores a frame thread keeps busy when the fit cannot be made: segments.md's 2.3 cores for
    /// two frame threads (and as many lookahead threads, and the drawing), measured on 16 cores.
    static let busyPerThread = 1.15

    /// `nil` without the one-encode layouts of one and two threads.
    init?(measured: [ManycoreBenchmark.Measurement], cores: Int) {
        let one = measured.first { $0.layout == .init(encoders: 1, threads: 1) }
        let two = measured.first { $0.layout == .init(encoders: 1, threads: 2) }
        guard let one, let two, one.busy > 0, two.busy > 0 else { return nil }
        self.measured = measured
        let others = (one.others ?? .infinity) + (two.others ?? .infinity)
        fitted = cores >= 2 && others < 0.25 * (one.cpu + two.cpu)
        if fitted {
            busyOne = one.busy
            // b₂ ÷ b₁ = 1 ÷ ((1 − p) + p ÷ 2), so p = 2·(1 − b₁ ÷ b₂).
            parallel = min(1, max(0, 2 * (1 - one.busy / two.busy)))
        } else {
            busyOne = Self.busyPerThread
            parallel = 1
        }
    }

    /// Cores one encode with `threads` frame threads keeps busy when it has them.
    func busy(threads: Int) -> Double {
        busyOne / ((1 - parallel) + parallel / Double(threads))
    }

    /// The predicted wall seconds of `m`'s layout on `cores` cores.
    func predictedWall(_ m: ManycoreBenchmark.Measurement, cores: Int) -> Double {
        let b = min(Double(cores), busy(threads: m.layout.threads))
        let encoded = m.segments?.layout.segments.map { Double($0.encodedFrames.count) } ?? [1]
        let total = encoded.reduce(0, +)
        let longest = (encoded.max() ?? 1) / max(1, total) * m.cpu
        let slowdown = max(1, Double(m.layout.encoders) * b / Double(cores))
        return longest / b * slowdown
    }

    func printPrediction(cores: Int, frames: Int) {
        print(fitted
              ? String(format: "\nPrediction for %d cores: one encode keeps %.2f cores busy with 1 thread here; "
                       + "parallel fraction %.2f from 1 and 2 threads", cores, busyOne, parallel)
              : String(format: "\nPrediction for %d cores: this machine was too busy (or has one core) to fit how "
                       + "many cores an encode keeps busy; %.2f a frame thread (segments.md)", cores, busyOne))
        print("| Layout | Cores busy per encode | Predicted wall s | fps |")
        print("|---|---:|---:|---:|")
        var best: (ManycoreBenchmark.Measurement, Double)?
        for m in measured {
            let wall = predictedWall(m, cores: cores)
            print(String(format: "| %@ | %.2f | %.2f | %.1f |", m.layout.description,
                         min(Double(cores), busy(threads: m.layout.threads)), wall,
                         Double(frames) / wall))
            // The fastest, or the one with fewer threads in all when within 2 % of it.
            if best.map({ wall < $0.1 * 0.98 || (wall <= $0.1 * 1.02 && m.layout.encoders * m.layout.threads
                < $0.0.layout.encoders * $0.0.layout.threads) }) ?? true {
                best = (m, wall)
            }
        }
        if let best {
            print(String(format: "Chosen for %d cores: %@ (predicted %.2f s wall)", cores, best.0.layout.description, best.1))
        }
    }
}
