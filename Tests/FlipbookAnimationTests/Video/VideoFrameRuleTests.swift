@testable import FlipbookAnimation
import FlipbookDrawing
import FlipbookTestSupport
import FlipbookVideo
import Foundation
import Testing

/// The frame a video layer shows: the source frame whose presentation interval holds the layer's
/// source time, checked on every frame of a few seconds against the rule computed in integers.
@Suite("Video layers show the frame whose interval holds the source time")
struct VideoFrameRuleTests {
    static let sourceRates: [FrameRate] = [FrameRate(24000, 1001), FrameRate(30000, 1001), 30, 60]
    static let outputRates: [FrameRate] = [24, 25, FrameRate(30000, 1001), 60]

    /// The numbered frames each output frame of a 3-second timeline at `fps` shows.
    func shown(_ url: URL, fps: FrameRate, seconds: Double = 3, trimIn: Double = 0, speed: Double = 1) throws -> [Int?] {
        let scene = try VideoScene(contentsOf: url, size: Keyframed(CGSize(width: 64, height: 36)), fit: .fill,
                                   trimIn: trimIn, speed: speed)
        let timeline = try Timeline(size: CGSize(width: 64, height: 36), fps: fps, duration: seconds, background: .black,
                                    layers: [Timeline.Layer(scene)])
        var bitmap = try timeline.makeBitmap()
        return (0..<timeline.frameCount).map { frame in
            timeline.draw(frame: frame, into: &bitmap)
            return bitmap.drawingIssue == nil ? FrameCodedClip.number(in: bitmap) : nil
        }
    }

    @Test("Constant-rate MP4 sources at 23.976, 29.97, 30 and 60 fps into 24, 25, 29.97 and 60 fps: zero mismatches")
    func constantRates() throws {
        let folder = try TemporaryDirectory("video-rates")
        for source in Self.sourceRates {
            let url = folder.file("source-\(source.numerator)-\(source.denominator).mp4")
            let frames = Int((4 * source.framesPerSecond).rounded(.up))
            try FrameCodedClip.write(to: url, fps: source, frames: frames)
            for output in Self.outputRates {
                let shown = try shown(url, fps: output)
                // Frame n starts at n·o.den/o.num s; source frame i covers [i·s.den/s.num, (i+1)·s.den/s.num).
                let expected = shown.indices.map { n in n * source.numerator * output.denominator / (source.denominator * output.numerator) }
                let mismatches = zip(shown, expected).filter { $0.0 != $0.1 }.count
                #expect(mismatches == 0, "\(source) fps into \(output) fps: \(mismatches) of \(shown.count) frames differ")
            }
        }
    }

    @Test("A variable-frame-rate Matroska file with B-frames: every frame as its packets' timestamps say")
    func variableRate() throws {
        let folder = try TemporaryDirectory("video-vfr")
        let coded = folder.file("coded.mp4"), vfr = folder.file("vfr.mkv")
        try FrameCodedClip.write(to: coded, fps: 25, frames: 100)
        // Intervals alternate 20 ms and 60 ms.
        _ = try ffmpegTool("ffmpeg", ["-i", coded.path, "-vf", "settb=1/1000,setpts=(N*0.04-mod(N\\,2)*0.02)/TB", "-enc_time_base", "1/1000", "-fps_mode", "passthrough",
                            "-c:v", "libx264", "-crf", "10", vfr.path])
        let ptsText = try ffmpegTool("ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "packet=pts",
                                                 "-of", "csv=p=0", vfr.path])
        let pts = ptsText.split(whereSeparator: \.isNewline).compactMap { Int($0) }.sorted()
        #expect(pts.count == 100)
        for output in [FrameRate(30000, 1001), 60] {
            let shown = try shown(vfr, fps: output)
            // Matroska's ticks are milliseconds: frame i holds n when pts_i/1000 ≤ n·o.den/o.num < pts_(i+1)/1000.
            let expected = shown.indices.map { n in pts.lastIndex { $0 * output.numerator <= 1000 * n * output.denominator } ?? 0 }
            let mismatches = zip(shown, expected).filter { $0.0 != $0.1 }.count
            #expect(mismatches == 0, "VFR into \(output) fps: \(mismatches) of \(shown.count) frames differ")
        }
    }

    @Test("Trim, speed, the held last frame and loop follow the rule")
    func trimSpeedLoop() throws {
        let folder = try TemporaryDirectory("video-trim")
        let url = folder.file("source.mp4")
        try FrameCodedClip.write(to: url, fps: 30, frames: 60)
        // In at 0.5 s, double speed, 25 fps: source time 0.5 + 2n/25 → frame floor(15 + 2.4 n), held at 59.
        let fast = try shown(url, fps: 25, seconds: 1, trimIn: 0.5, speed: 2)
        #expect(fast == (0..<25).map { min(59, 15 + 12 * $0 / 5) })
        let scene = try VideoScene(contentsOf: url, size: Keyframed(CGSize(width: 64, height: 36)), fit: .fill,
                                   trimIn: 1, trimOut: 1.5, loop: true)
        let timeline = try Timeline(size: CGSize(width: 64, height: 36), fps: 30, duration: 1.2, background: .black,
                                    layers: [Timeline.Layer(scene)])
        var bitmap = try timeline.makeBitmap()
        let looped = (0..<timeline.frameCount).map { frame -> Int? in
            timeline.draw(frame: frame, into: &bitmap)
            return FrameCodedClip.number(in: bitmap)
        }
        #expect(looped == (0..<36).map { 30 + $0 % 15 })
    }

    @Test("Frames drawn by several workers in any order have the bytes of frames drawn in order")
    func workersInAnyOrder() throws {
        let folder = try TemporaryDirectory("video-workers")
        let url = folder.file("source.mp4")
        try FrameCodedClip.write(to: url, fps: 30, frames: 90, options: try VideoOptions(keyframeInterval: 0.5))
        func timeline() throws -> Timeline {
            let scene = try VideoScene(contentsOf: url, size: Keyframed(CGSize(width: 64, height: 36)), fit: .fill, trimIn: 0.7)
            return try Timeline(size: CGSize(width: 64, height: 36), fps: 24, duration: 2, background: .black, layers: [Timeline.Layer(scene)])
        }
        let inOrder = try timeline()
        var bitmap = try inOrder.makeBitmap()
        let expected = (0..<inOrder.frameCount).map { frame -> [UInt8] in
            inOrder.draw(frame: frame, into: &bitmap)
            return bitmap.withUnsafeBytes { bytes, _ in Array(bytes) }
        }
        let shuffled = try timeline()
        var order = Array(0..<shuffled.frameCount)
        var random = SplitMix(state: 3)
        order.shuffle(using: &random)
        let shuffledOrder = order
        let results = ResultBox(count: order.count)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            guard var own = try? shuffled.makeBitmap() else { return }
            for frame in shuffledOrder.enumerated().filter({ $0.offset % 4 == worker }).map(\.element) {
                shuffled.draw(frame: frame, into: &own)
                results.set(frame, own.withUnsafeBytes { bytes, _ in Array(bytes) })
            }
        }
        #expect(results.values == expected)
    }
}

/// Frames' bytes written by several threads.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [[UInt8]]
    init(count: Int) { stored = Array(repeating: [], count: count) }
    func set(_ index: Int, _ value: [UInt8]) { lock.withLock { stored[index] = value } }
    var values: [[UInt8]] { lock.withLock { stored } }
}
