import FlipbookCore
import FlipbookDrawing
import FlipbookRaster
import Foundation

/// B4's picture (the storm at scale 2, t = 0.8 s, 3840×2160) encoded as a PNG again and again: the
/// strips on every core against the same strips one after another, which give the same bytes.
enum PNGBenchmark {
    /// `flipbook-bench png [--runs N] [--level L]`: median wall and process-CPU seconds of one
    /// encoding (in memory, no file) each way, alternating, and the file's size.
    static func run(_ arguments: [String]) throws {
        var runs = 15, level = Bitmap.defaultPNGCompression
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--runs": runs = Int(iterator.next() ?? "") ?? runs
            case "--level": level = Int(iterator.next() ?? "") ?? level
            default: throw FlipbookError.invalidInput("Unknown png benchmark argument '\(argument)'.")
            }
        }
        let timeline = try Workload.still.timeline()
        var bitmap = try Bitmap(width: timeline.pixelWidth, height: timeline.pixelHeight)
        timeline.draw(at: Workload.still.stillTime ?? 0, into: &bitmap)
        var figures: [Bool: [(wall: Double, cpu: Double)]] = [:]
        var sizes: [Bool: Int] = [:]
        // One warm-up each way, then alternate so a drift in the machine's load hits both alike.
        for run in 0...runs {
            for inParallel in [true, false] {
                let (png, wall, cpu) = try Clock.measure {
                    try bitmap.withFramePixels { try $0.pngFile(level: level, inParallel: inParallel) }
                }
                sizes[inParallel] = png.count
                if run > 0 { figures[inParallel, default: []].append((wall, cpu)) }
            }
        }
        for inParallel in [true, false] {
            let measured = figures[inParallel] ?? []
            func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
            print(String(format: "PNG level %d, strips %@: %.3f s wall (min %.3f, max %.3f), %.3f s CPU; %d bytes",
                         level, inParallel ? "in parallel  " : "one at a time", median(measured.map(\.wall)),
                         measured.map(\.wall).min() ?? 0, measured.map(\.wall).max() ?? 0,
                         median(measured.map(\.cpu)), sizes[inParallel] ?? 0))
        }
        print("same bytes either way: \(sizes[true] == sizes[false] ? "sizes equal" : "SIZES DIFFER")")
    }
}
