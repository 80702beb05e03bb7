import FlipbookDrawing
import Foundation

/// SwiftUI's metaballs recipe at 780×780: an alpha threshold over a blur over one layer of a few
/// circles in a corner of the canvas. The filters work on what the layer drew, grown by the blur's
/// reach, not on the whole canvas. `flipbook-bench metaballs [--frames N] [--output FILE.png]`.
enum MetaballsBenchmark {
    static let side = 780

    static func drawFrame(into bitmap: inout Bitmap) {
        bitmap.draw(background: .black) { context, _ in
            var ctx = context
            ctx.addFilter(.alphaThreshold(min: 0.5, color: .yellow))
            ctx.addFilter(.blur(radius: 10))
            ctx.drawLayer { layer in
                for i in 0..<8 {
                    let x = 80 + Double((i * 53) % 160), y = 80 + Double((i * 97) % 160)
                    layer.fill(Path(ellipseIn: CGRect(x: x - 30, y: y - 30, width: 60, height: 60)), with: .color(.white))
                }
            }
        }
    }

    static func run(_ arguments: [String]) throws {
        var frames = 20
        var output: String?
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--frames": frames = max(1, Int(iterator.next() ?? "") ?? frames)
            case "--output": output = iterator.next()
            default: throw FlipbookError.invalidInput("flipbook-bench metaballs: unknown argument \(argument)")
            }
        }
        var bitmap = try Bitmap(width: side, height: side)
        drawFrame(into: &bitmap)  // warm-up
        var times: [Double] = []
        for _ in 0..<frames {
            let start = Clock.threadCPU()
            drawFrame(into: &bitmap)
            times.append((Clock.threadCPU() - start) * 1000)
        }
        let sorted = times.sorted()
        print(String(format: "metaballs: 8 circles under alphaThreshold + blur(radius: 10) at %d×%d: median %.1f ms/frame "
                        + "(thread CPU, %d frames)", side, side, sorted[sorted.count / 2], frames))
        if let output {
            try bitmap.writePNG(to: URL(fileURLWithPath: output))
            print("metaballs: wrote \(output)")
        }
    }
}
