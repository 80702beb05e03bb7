import FlipbookAnimation
import FlipbookDrawing
import FlipbookRaster
import FlipbookRender
import FlipbookVideo
import Foundation

/// Fills 10,000 small rotated rectangles (confetti) per 1920×1080 frame, each through its own context
/// copy as scenes do, and reports milliseconds per frame.
enum CanvasBenchmark {
    struct Piece {
        var x, y, width, height, rotation, opacity: Double
        var color: Color
    }

    static func pieces(count: Int, seed: UInt64 = 42) -> [Piece] {
        var rng = SeededRandom(seed: seed)  // the same frame every run
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

    /// `windows` false draws every piece through the fill's coverage cells rather than its windows of
    /// vector lanes, to compare the two.
    static func drawFrame(_ pieces: [Piece], into bitmap: inout Bitmap, windows: Bool = true) {
        bitmap.draw(background: .white) { context, _ in
            context.allowsFillWindows = windows
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

    /// Runs the benchmark. `flipbook-bench canvas storm|ripples|emoji [--frames N] [--output FILE.png]` runs a
    /// scene workload (see ``SceneWorkload``); otherwise the raw rectangles, with arguments
    /// `--frames N` (default 20), `--count N` (default 10000), `--output FILE.png` to save the last frame,
    /// `--cells` to fill through coverage cells instead of windows of vector lanes. Either kind takes
    /// `--bands` or `--immediate` to plan the frame in bands or draw each shape when it comes (the
    /// default, see `FramePlan.isOnByDefault`); a scene takes `--scale 2` to draw at
    /// 3840×2160 and `--convert` to convert each frame to yuv420p too, as a render does.
    static func run(_ arguments: [String]) throws {
        if let workload = arguments.first, let scene = SceneWorkload(rawValue: workload) {
            try runScene(scene, Array(arguments.dropFirst()))
            return
        }
        var frames = 20, count = 10_000
        var output: String?
        var windows = true
        var bands: Bool?
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--frames": frames = Int(iterator.next() ?? "") ?? frames
            case "--count": count = Int(iterator.next() ?? "") ?? count
            case "--output": output = iterator.next()
            case "--cells": windows = false
            case "--immediate": bands = false
            case "--bands": bands = true
            default: throw FlipbookError.invalidInput("Unknown canvas benchmark argument '\(argument)'.")
            }
        }
        let pieces = pieces(count: count)
        var bitmap = try Bitmap(width: 1920, height: 1080)
        if let bands { bitmap.drawsInBands = bands }
        drawFrame(pieces, into: &bitmap, windows: windows)  // warm-up
        var times: [Double] = []
        var cpuTimes: [Double] = []
        for _ in 0..<max(frames, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = threadCPUTime()
            drawFrame(pieces, into: &bitmap, windows: windows)
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

// The issue #5 drawing workloads, drawn through the real scenes and `Timeline` (not raw rectangles), so
// the figures include everything a render worker pays per frame: the background, each scene's per-item
// physics and culling, and the canvas. `flipbook-bench all` calls the two `...FrameMilliseconds()`.
extension CanvasBenchmark {
    enum SceneWorkload: String {
        /// B2: a 2000-particle default burst every 0.3 s on 1920×1080 at scale 1; at t = 2 s five bursts
        /// (10,000 particles) are alive.
        case storm
        /// B3: ripple k starts at k/100 s, centred at (960 + 700·cos 0.7t, 540 + 400·sin 1.3t), cap 1000;
        /// at t = 9.9 s 990 rings are alive, the oldest 396 pt in radius.
        case ripples
        /// B5: the storm with every particle an emoji (🎉 or 😀): 10,000 emoji alive at t = 2 s.
        case emoji

        var time: TimeInterval { self == .ripples ? 9.9 : 2.0 }

        /// The workload's timeline, drawn at `scale` pixels per point (2 draws it at 3840×2160).
        func timeline(scale: CGFloat = 1) throws -> Timeline {
            let size = CGSize(width: 1920, height: 1080)
            let scene: any Scene
            switch self {
            case .storm, .emoji:
                let style = ConfettiStyle(shapes: self == .emoji ? Workload.emojiShapes : ConfettiStyle.defaultShapes)
                let bursts = (0..<17).map { ConfettiBurst(time: Double($0) * 0.3, count: 2000, style: style) }
                scene = try ConfettiScene(size: size, bursts: bursts, seed: 2)
            case .ripples:
                let ripples = (0..<1000).map { k -> Ripple in
                    let t = Double(k) / 100
                    return Ripple(center: CGPoint(x: 960 + 700 * cos(0.7 * t), y: 540 + 400 * sin(1.3 * t)),
                                  start: t, color: RipplesScene.palette[k % 6])
                }
                scene = RipplesScene(ripples: ripples, maximumNumberOfRipples: 1000)
            }
            return try Timeline(size: size, scale: scale, fps: 60, duration: self == .ripples ? 10 : 5, background: .white,
                            layers: [Timeline.Layer(scene)])
        }
    }

    /// Median thread-CPU milliseconds to draw the B2 storm frame (10,000 live particles) at 1920×1080.
    static func stormFrameMilliseconds(frames: Int = 20) throws -> Double {
        try sceneFrameMilliseconds(.storm, frames: frames).median
    }

    /// Median thread-CPU milliseconds to draw the B3 ripples frame at t = 9.9 s (990 rings) at 1920×1080.
    static func ripplesFrameMilliseconds(frames: Int = 20) throws -> Double {
        try sceneFrameMilliseconds(.ripples, frames: frames).median
    }

    /// Draws the workload's frame `frames` times after a warm-up; thread-CPU and wall milliseconds, sorted.
    /// `bands` chooses whether the frame is planned in bands (`nil`: the bitmap's default). With `convert`, each frame is converted to yuv420p too, as a render does: while it is
    /// drawn, band by band, when it is planned; after it otherwise.
    static func sceneFrameMilliseconds(_ workload: SceneWorkload, frames: Int, output: String? = nil,
                                       bands: Bool? = nil, convert: Bool = false, scale: CGFloat = 1) throws
        -> (median: Double, cpu: [Double], wall: [Double]) {
        let timeline = try workload.timeline(scale: scale)
        var bitmap = try timeline.makeBitmap()
        if let bands { bitmap.drawsInBands = bands }
        var yuv: YUVFrame?
        func drawFrame() {
            guard convert else { return timeline.draw(at: workload.time, into: &bitmap) }
            if bitmap.drawsInBands {
                let converter = BandConverter(reusing: yuv.take(), background: .white)
                bitmap.bandFinished = converter.convert
                timeline.draw(at: workload.time, into: &bitmap)
                bitmap.bandFinished = nil
                yuv = converter.finish()
            } else {
                timeline.draw(at: workload.time, into: &bitmap)
                var frame = yuv.take() ?? YUVFrame(width: bitmap.width, height: bitmap.height)
                FlipbookRender.convert(bitmap, background: .white, into: &frame)
                yuv = frame
            }
        }
        drawFrame()  // warm-up
        var cpu: [Double] = [], wall: [Double] = []
        for _ in 0..<max(frames, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = threadCPUTime()
            drawFrame()
            cpu.append((threadCPUTime() - cpuStart) * 1e3)
            wall.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        if let issue = bitmap.drawingIssue { throw issue }
        if let output { try bitmap.writePNG(to: URL(fileURLWithPath: output)) }
        cpu.sort()
        wall.sort()
        return (cpu[cpu.count / 2], cpu, wall)
    }

    static func runScene(_ workload: SceneWorkload, _ arguments: [String]) throws {
        var frames = 20
        var output: String?
        var bands: Bool?, convert = false
        var scale: CGFloat = 1
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--frames": frames = Int(iterator.next() ?? "") ?? frames
            case "--output": output = iterator.next()
            case "--immediate": bands = false
            case "--bands": bands = true
            case "--convert": convert = true
            case "--scale":
                // A bitmap up to eight times 1920×1080 a side; anything else is refused, not trapped on.
                guard let value = Double(iterator.next() ?? ""), value.isFinite, value > 0, value <= 8 else {
                    throw FlipbookError.invalidInput("--scale takes a number of pixels per point above 0 and at most 8.")
                }
                scale = CGFloat(value)
            default: throw FlipbookError.invalidInput("Unknown canvas \(workload) argument '\(argument)'.")
            }
        }
        let result = try sceneFrameMilliseconds(workload, frames: frames, output: output, bands: bands,
                                                convert: convert, scale: scale)
        print(String(format: "canvas %@: %@ frame at t = %.1f s, median %.2f ms/frame thread CPU (min %.2f, max %.2f), "
                        + "median %.2f ms/frame wall, %d frames",
                     workload.rawValue, "\(Int(1920 * scale))×\(Int(1080 * scale))", workload.time, result.median, result.cpu.first!, result.cpu.last!,
                     result.wall[result.wall.count / 2], result.cpu.count))
        if let output { print("canvas \(workload): wrote \(output)") }
    }
}
