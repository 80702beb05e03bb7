import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// 10,000 copies of one emoji per 1920×1080 frame, each through its own context copy moved and turned
/// as confetti is: drawn as a resolved symbol (`Canvas(symbols:)`) and as the emoji confetti shape,
/// alternately, so the two can be compared within one run.
enum SymbolBenchmark {
    static let symbolID = "party"
    static let emoji = "🎉"
    /// The emoji's ink height and the symbol's font size, in points.
    static let size: CGFloat = 14

    /// Draws the frame with the symbol or the emoji shape at every piece.
    static func drawFrame(_ pieces: [CanvasBenchmark.Piece], asSymbol: Bool, into bitmap: inout Bitmap) {
        let symbols: [AnyHashable: Symbol] = [symbolID: .text(Text(emoji).font(.system(size: size)))]
        let shape = TextSymbol(emoji)
        bitmap.draw(background: .white, symbols: symbols) { context, _ in
            let symbol = context.resolveSymbol(id: symbolID)
            for piece in pieces {
                var ctx = context
                ctx.opacity = piece.opacity
                ctx.translateBy(x: piece.x, y: piece.y)
                ctx.rotate(by: .degrees(piece.rotation))
                if asSymbol, let symbol {
                    ctx.draw(symbol, at: .zero)
                } else {
                    ctx.draw(shape, height: size, widthScale: 1, color: piece.color)
                }
            }
        }
    }

    /// `flipbook-bench symbols [--frames N] [--count N]`: median thread-CPU milliseconds per frame of each.
    static func run(_ arguments: [String]) throws {
        var frames = 20, count = 10_000
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--frames": frames = Int(iterator.next() ?? "") ?? frames
            case "--count": count = Int(iterator.next() ?? "") ?? count
            default: throw FlipbookError.invalidInput("Unknown symbols benchmark argument '\(argument)'.")
            }
        }
        let pieces = CanvasBenchmark.pieces(count: count)
        var bitmap = try Bitmap(width: 1920, height: 1080)
        drawFrame(pieces, asSymbol: true, into: &bitmap)  // warm-up: the rasters are made
        drawFrame(pieces, asSymbol: false, into: &bitmap)
        var cpu: [Bool: [Double]] = [true: [], false: []]
        for _ in 0..<max(frames, 1) {
            for asSymbol in [true, false] {
                let start = CanvasBenchmark.threadCPUTime()
                drawFrame(pieces, asSymbol: asSymbol, into: &bitmap)
                cpu[asSymbol, default: []].append((CanvasBenchmark.threadCPUTime() - start) * 1e3)
            }
        }
        if let issue = bitmap.drawingIssue { throw issue }
        for asSymbol in [true, false] {
            let times = (cpu[asSymbol] ?? []).sorted()
            print(String(format: "symbols: %d %@ on 1920×1080, median %.2f ms/frame thread CPU (min %.2f, max %.2f), %d frames",
                         count, asSymbol ? "resolved symbols" : "emoji shapes", times[times.count / 2], times.first!,
                         times.last!, times.count))
        }
    }
}
