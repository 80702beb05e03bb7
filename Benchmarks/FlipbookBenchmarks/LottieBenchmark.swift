import CRlottie
import Flipbook
import Foundation

/// Lottie animations drawn into a 1920×1080 frame by Flipbook (`context.draw(_:in:frame:)`, the
/// animation fit into the frame and centred, on a transparent frame) against rlottie called directly
/// two ways: `lottie_animation_render` into a 1920×1080 buffer, which rlottie fits and centres the same
/// way, and into the animation's box inside a 1920×1080 buffer (its rows that buffer's), which is the
/// picture Flipbook draws: clipped to the box. Also by Flipbook's general path (the context's fast
/// paths off: the frame rendered into a bitmap of its own, then composited by Cairo). All four
/// take turns frame by frame within one run, each with its own frame, the first of them one further
/// on each frame; thread CPU per frame, median.
enum LottieBenchmark {
    /// `flipbook-bench lottie [--frames N] FILE…`: per file, median ms per 1080p frame of each and their ratio.
    static func run(_ arguments: [String]) throws {
        var frames = 60
        var files: [String] = []
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--frames": frames = Int(iterator.next() ?? "") ?? frames
            default:
                guard !argument.hasPrefix("--") else {
                    throw FlipbookError.invalidInput("Unknown lottie benchmark argument '\(argument)'.")
                }
                files.append(argument)
            }
        }
        guard !files.isEmpty else { throw FlipbookError.invalidInput("Name one or more Lottie files to draw.") }
        print("lottie: \(Machine.description()); load \(Clock.loadAverage())")
        print("file | size | box | frames drawn | general path ms/frame | Flipbook ms/frame | rlottie whole frame ms/frame"
            + " | rlottie box ms/frame | general ÷ rlottie whole | Flipbook ÷ rlottie whole | Flipbook ÷ rlottie box")
        for file in files {
            try measure(file, frames: max(frames, 1))
        }
    }

    static func measure(_ file: String, frames: Int) throws {
        let width = 1920, height = 1080
        let url = URL(fileURLWithPath: file)
        let animation = try LottieAnimation(contentsOf: url)
        // Its own copy: rlottie skips laying out a frame it laid out last at the same size, so the
        // general path drawing the frame the fast one just drew would be flattered.
        let generalAnimation = try LottieAnimation(contentsOf: url)
        guard let direct = lottie_animation_from_file(url.path), let boxed = lottie_animation_from_file(url.path) else {
            throw FlipbookError.invalidInput("rlottie cannot read \(file) itself.")
        }
        defer {
            lottie_animation_destroy(direct)
            lottie_animation_destroy(boxed)
        }
        // The animation fit into the frame, centred: what rlottie does with a buffer of another shape.
        let scale = min(Double(width) / animation.size.width, Double(height) / animation.size.height)
        let fitted = CGSize(width: animation.size.width * scale, height: animation.size.height * scale)
        let rect = CGRect(x: (Double(width) - fitted.width) / 2, y: (Double(height) - fitted.height) / 2,
                          width: fitted.width, height: fitted.height)
        var bitmap = try Bitmap(width: width, height: height)
        var general = try Bitmap(width: width, height: height)
        var buffer = [UInt32](repeating: 0, count: width * height)
        // The box Flipbook hands rlottie: the fitted rectangle's pixels, rounded out as `draw` rounds
        // them. A row more, so that rlottie's clear of `box height × 1920` pixels from the box's first
        // pixel stays inside the buffer.
        let boxWidth = try pixels(fitted.width - 1e-9, .up, of: file), boxHeight = try pixels(fitted.height - 1e-9, .up, of: file)
        let boxOrigin = try pixels(rect.minY, .down, of: file) * width + pixels(rect.minX, .down, of: file)
        var boxBuffer = [UInt32](repeating: 0, count: width * (height + 1))
        let drawn = (0..<min(frames, animation.frameCount)).map { $0 * animation.frameCount / min(frames, animation.frameCount) }
        // Per side, ms per frame: Flipbook, the general path, rlottie into the whole frame, into the box.
        var times: [[Double]] = Array(repeating: [], count: 4)
        // One warm-up frame each: rlottie's first render builds its render tree. The side that starts
        // moves on by one each frame, so that none always follows the same one (each leaves the caches
        // holding its own 8 MB).
        for (index, frame) in ([drawn[0]] + drawn).enumerated() {
            for turn in 0..<4 {
                let side = (turn + index) % 4
                let start = Clock.threadCPU()
                switch side {
                case 0:
                    bitmap.draw(background: .clear) { context, _ in context.draw(animation, in: rect, frame: frame) }
                case 1:
                    general.draw(background: .clear) { context, _ in
                        context.allowsFastPaths = false
                        context.draw(generalAnimation, in: rect, frame: frame)
                    }
                case 2:
                    buffer.withUnsafeMutableBufferPointer {
                        lottie_animation_render(direct, frame, $0.baseAddress, width, height, width * 4)
                    }
                default:
                    boxBuffer.withUnsafeMutableBufferPointer {
                        lottie_animation_render(boxed, frame, $0.baseAddress! + boxOrigin, boxWidth, boxHeight, width * 4)
                    }
                }
                if index > 0 { times[side].append((Clock.threadCPU() - start) * 1e3) }
            }
        }
        let ours = times[0], generals = times[1], theirs = times[2], theirsBoxed = times[3]
        if let issue = bitmap.drawingIssue ?? general.drawingIssue { throw issue }
        let oursMedian = median(ours), theirsMedian = median(theirs), generalMedian = median(generals)
        let boxedMedian = median(theirsBoxed)
        print(String(format: "%@ | %.0f×%.0f | %d×%d | %d | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f", url.lastPathComponent,
                     Double(animation.size.width), Double(animation.size.height), boxWidth, boxHeight, ours.count, generalMedian,
                     oursMedian, theirsMedian, boxedMedian, generalMedian / theirsMedian, oursMedian / theirsMedian,
                     oursMedian / boxedMedian))
    }

    /// `value` rounded by `rule` as a whole number of pixels; refused, naming `file`, when it is none.
    static func pixels(_ value: Double, _ rule: FloatingPointRoundingRule, of file: String) throws -> Int {
        guard let count = Int(exactly: value.rounded(rule)) else {
            throw FlipbookError.invalidInput("\(file): the animation's box, \(value) pixels, is not a number of pixels.")
        }
        return count
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
