import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// `flipbook-bench parallel storm|emoji [--threads N] [--frames N]`: draws a scene workload's frame on
/// N threads at once, each into its own bitmap, as render workers do, and reports the throughput and
/// each thread's CPU per frame. Text shapes borrow a Pango shaper per draw from a shared pool; if that
/// serialised drawing, N threads would not draw N times as many frames per second as one, and the
/// emoji workload would scale worse than the storm of rectangles, which shares nothing.
enum ParallelDrawBenchmark {
    static func run(_ arguments: [String]) throws {
        guard let name = arguments.first, let workload = CanvasBenchmark.SceneWorkload(rawValue: name) else {
            throw FlipbookError.invalidInput("usage: flipbook-bench parallel storm|ripples|emoji [--threads N] [--frames N]")
        }
        var threads = 2, frames = 10
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--threads": threads = min(max(Int(iterator.next() ?? "") ?? threads, 1), 64)
            case "--frames": frames = min(max(Int(iterator.next() ?? "") ?? frames, 1), 10_000)
            default: throw FlipbookError.invalidInput("Unknown parallel benchmark argument '\(argument)'.")
            }
        }
        let timeline = try workload.timeline()
        let count = frames
        let results = Results(count: threads)
        let start = DispatchTime.now().uptimeNanoseconds
        let group = DispatchGroup()
        for index in 0..<threads {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                do {
                    var bitmap = try timeline.makeBitmap()
                    timeline.draw(at: workload.time, into: &bitmap)  // warm-up: fonts, rasterised symbols
                    var cpu: [Double] = []
                    for _ in 0..<count {
                        let cpuStart = CanvasBenchmark.threadCPUTime()
                        timeline.draw(at: workload.time, into: &bitmap)
                        cpu.append((CanvasBenchmark.threadCPUTime() - cpuStart) * 1e3)
                    }
                    results.set(index, cpu.sorted()[cpu.count / 2])
                } catch {
                    results.set(index, .nan)
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let medians = results.values.map { String(format: "%.1f", $0) }.joined(separator: ", ")
        print(String(format: "parallel %@: %d threads × %d frames (+1 warm-up each) in %.2f s wall: %.2f frames/s; "
                        + "median thread CPU per frame: %@ ms",
                     workload.rawValue, threads, frames, wall, Double(threads * (frames + 1)) / wall, medians))
    }

    /// Each thread's median, written once by that thread.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Double]
        init(count: Int) { storage = Array(repeating: .nan, count: count) }
        func set(_ index: Int, _ value: Double) { lock.lock(); storage[index] = value; lock.unlock() }
        var values: [Double] { lock.lock(); defer { lock.unlock() }; return storage }
    }
}
