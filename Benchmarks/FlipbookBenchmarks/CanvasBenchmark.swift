import FlipbookDrawing
import Foundation

/// Fills 10,000 small rotated rectangles (confetti) per 1920×1080 frame, each through its own context
/// copy as scenes do, and reports milliseconds per frame.
enum CanvasBenchmark {
    /// SplitMix64: a tiny seeded generator, so every run draws the same frame.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    struct Piece {
        var x, y, width, height, rotation, opacity: Double
        var color: Color
    }

    static func pieces(count: Int, seed: UInt64 = 42) -> [Piece] {
        var rng = SeededGenerator(state: seed)
        let sizes: [(Double, Double)] = [(10, 10), (12, 7), (8, 14), (6, 6), (14, 5)]
        let palette: [Color] = [.red, .orange, .yellow, .green, .mint, .teal, .cyan, .blue, .indigo, .purple, .pink]
        return (0..<count).map { _ in
            let size = sizes[Int.random(in: 0..<sizes.count, using: &rng)]
            return Piece(
                x: Double.random(in: 0..<1920, using: &rng), y: Double.random(in: 0..<1080, using: &rng),
                width: size.0, height: size.1, rotation: Double.random(in: 0..<360, using: &rng),
                opacity: Double.random(in: 0.5...1, using: &rng),
                color: palette[Int.random(in: 0..<palette.count, using: &rng)])
        }
    }

    /// CPU time consumed by the calling thread, in seconds (excludes time spent waiting for a core).
    static func threadCPUTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    static func drawFrame(_ pieces: [Piece], into bitmap: inout Bitmap) {
        bitmap.draw(background: .white) { context, _ in
            for piece in pieces {
                var ctx = context
                ctx.opacity = piece.opacity
                ctx.translateBy(x: piece.x, y: piece.y)
                ctx.rotate(by: .degrees(piece.rotation))
                ctx.fill(
                    Path(CGRect(x: -piece.width / 2, y: -piece.height / 2, width: piece.width, height: piece.height)),
                    with: .color(piece.color))
            }
        }
    }

    /// Runs the benchmark. Arguments: `--frames N` (default 20), `--count N` (default 10000),
    /// `--output FILE.png` to save the last frame.
    static func run(_ arguments: [String]) throws {
        var frames = 20, count = 10_000
        var output: String?
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--frames": frames = Int(iterator.next() ?? "") ?? frames
            case "--count": count = Int(iterator.next() ?? "") ?? count
            case "--output": output = iterator.next()
            default: throw FlipbookError.invalidArgument("Unknown canvas benchmark argument '\(argument)'.")
            }
        }
        let pieces = pieces(count: count)
        var bitmap = try Bitmap(width: 1920, height: 1080)
        drawFrame(pieces, into: &bitmap)  // warm-up
        var times: [Double] = []
        var cpuTimes: [Double] = []
        for _ in 0..<max(frames, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = threadCPUTime()
            drawFrame(pieces, into: &bitmap)
            cpuTimes.append((threadCPUTime() - cpuStart) * 1e3)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        times.sort()
        cpuTimes.sort()
        print(String(format: "canvas: %d rotated rects on 1920×1080, median %.2f ms/frame wall (min %.2f, max %.2f), "
                        + "median %.2f ms/frame thread CPU (min %.2f), %d frames",
                     count, times[times.count / 2], times.first!, times.last!,
                     cpuTimes[cpuTimes.count / 2], cpuTimes.first!, times.count))
        if let output {
            try bitmap.writePNG(to: URL(fileURLWithPath: output))
            print("canvas: wrote \(output)")
        }
    }
}
