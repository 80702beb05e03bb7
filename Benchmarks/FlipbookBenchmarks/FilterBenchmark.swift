import FlipbookDrawing
import Foundation

/// A whole 1920×1080 frame drawn as one layer under a Gaussian blur, against the same frame without
/// the filter; the difference is the cost of the filtered layer (rasterizing it, the blur, the
/// composite). `flipbook-bench filters [--radius R] [--frames N] [--output FILE.png]`.
enum FilterBenchmark {
    static func drawFrame(into bitmap: inout Bitmap, radius: Double?) {
        bitmap.draw(background: .white) { context, size in
            var ctx = context
            if let radius { ctx.addFilter(.blur(radius: radius)) }
            ctx.drawLayer { layer in
                let gradient = Gradient(colors: [.blue, .purple, .orange])
                layer.fill(Path(CGRect(x: 0, y: 0, width: size.width, height: size.height / 2)),
                           with: .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: size.width, y: 0)))
                for i in 0..<200 {
                    let x = Double((i * 97) % 1920), y = Double((i * 53) % 1080)
                    layer.fill(Path(ellipseIn: CGRect(x: x, y: y, width: 40, height: 40)), with: .color(.green.opacity(0.7)))
                }
            }
        }
    }

    static func run(_ arguments: [String]) throws {
        var radius = 10.0, frames = 10
        var output: String?
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--radius": radius = Double(iterator.next() ?? "") ?? radius
            case "--frames": frames = max(1, Int(iterator.next() ?? "") ?? frames)
            case "--output": output = iterator.next()
            default: throw FlipbookError.invalidInput("flipbook-bench filters: unknown argument \(argument)")
            }
        }
        var bitmap = try Bitmap(width: 1920, height: 1080)
        func median(_ filterRadius: Double?) -> Double {
            drawFrame(into: &bitmap, radius: filterRadius)  // warm-up
            var times: [Double] = []
            for _ in 0..<frames {
                let start = Clock.threadCPU()
                drawFrame(into: &bitmap, radius: filterRadius)
                times.append((Clock.threadCPU() - start) * 1000)
            }
            return times.sorted()[times.count / 2]
        }
        let plain = median(nil)
        let blurred = median(radius)
        print(String(format: "filters: 1920×1080 layer, median %.1f ms/frame plain, %.1f ms/frame under blur(radius: %g): "
                        + "the filtered layer costs %.1f ms (thread CPU, %d frames each)",
                     plain, blurred, radius, blurred - plain, frames))
        if let output {
            try bitmap.writePNG(to: URL(fileURLWithPath: output))
            print("filters: wrote \(output)")
        }
    }
}
