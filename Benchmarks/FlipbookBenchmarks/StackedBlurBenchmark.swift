import FlipbookDrawing
import Foundation

/// Dots drawn inside one `drawLayer`, each adding a `.blur` filter before it is filled, as a Canvas
/// closure written for SwiftUI often does: the n-th dot is drawn under n blurs. At 780×780 with 30
/// dots, one frame. `flipbook-bench stacked-blurs [--dots N] [--radius R] [--frames N] [--output FILE.png]`.
enum StackedBlurBenchmark {
    static let side = 780

    static func drawFrame(into bitmap: inout Bitmap, dots: Int, radius: Double) {
        bitmap.draw(background: .black) { context, size in
            context.drawLayer { layer in
                for i in 0..<dots {
                    // Spread over the canvas on a fixed pattern, so every run draws the same frame.
                    let x = Double((i * 277) % (side - 40)) + 20, y = Double((i * 131) % (side - 40)) + 20
                    layer.addFilter(.blur(radius: radius))
                    layer.fill(Path(ellipseIn: CGRect(x: x - 8, y: y - 8, width: 16, height: 16)),
                               with: .color(i.isMultiple(of: 2) ? .yellow : .orange))
                }
            }
        }
    }

    static func run(_ arguments: [String]) throws {
        var dots = 30, radius = 4.0, frames = 10
        var output: String?
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--dots": dots = max(1, Int(iterator.next() ?? "") ?? dots)
            case "--radius": radius = Double(iterator.next() ?? "") ?? radius
            case "--frames": frames = max(1, Int(iterator.next() ?? "") ?? frames)
            case "--output": output = iterator.next()
            default: throw FlipbookError.invalidInput("flipbook-bench stacked-blurs: unknown argument \(argument)")
            }
        }
        var bitmap = try Bitmap(width: side, height: side)
        drawFrame(into: &bitmap, dots: dots, radius: radius)  // warm-up
        var times: [Double] = []
        for _ in 0..<frames {
            let start = Clock.threadCPU()
            drawFrame(into: &bitmap, dots: dots, radius: radius)
            times.append((Clock.threadCPU() - start) * 1000)
        }
        let sorted = times.sorted()
        print(String(format: "stacked-blurs: %d dots, each adding .blur(radius: %g), in one %d×%d layer: "
                        + "median %.1f ms/frame, fastest %.1f, slowest %.1f (thread CPU, %d frames)",
                     dots, radius, side, side, sorted[sorted.count / 2], sorted[0], sorted[sorted.count - 1], frames))
        if let output {
            try bitmap.writePNG(to: URL(fileURLWithPath: output))
            print("stacked-blurs: wrote \(output)")
        }
    }
}
