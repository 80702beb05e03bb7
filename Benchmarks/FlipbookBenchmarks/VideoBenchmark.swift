import CFFmpeg
import CSwscale
import Flipbook
import FlipbookRaster
import FlipbookVideo
import Foundation

/// Video and render-pipeline figures:
///
/// - `convert`: BGRA → yuv420p at 1920×1080 on one core — Flipbook's Swift converter against
///   libswscale (BT.709, limited range), with each one's worst error against the exact formula.
/// - `render [presets…]`: a 1920×1080, 60 fps, 300-frame confetti timeline end to end per preset
///   (default ultrafast, veryfast, medium): frames per second, time per stage, peak memory.
/// - `memory`: peak memory of a 640×360 render of 300 frames against 3,000 frames, each measured
///   in a child process so neither inherits the other's high-water mark.
///
/// `flipbook-bench video` runs all three.
enum VideoBenchmark {
    static func run(_ arguments: [String]) throws {
        switch arguments.first {
        case "convert": try conversion()
        case "render": try renders(presets: Array(arguments.dropFirst()))
        case "memory": try memory()
        case "memory-child":
            // Internal: one render whose peak memory the parent reads from our output.
            try memoryChild(frames: Int(arguments.dropFirst().first ?? "") ?? 300)
        case nil:
            try conversion()
            try renders(presets: [])
            try memory()
        case let other?:
            print("video: unknown benchmark \(other); use convert, render or memory")
        }
    }

    // MARK: - Conversion

    static func conversion() throws {
        let width = 1920, height = 1080, rounds = 200
        var bitmap = try Bitmap(width: width, height: height)
        // Opaque pseudo-random pixels (swscale cannot flatten alpha, so compare on opaque input).
        var state: UInt32 = 12345
        try bitmap.withUnsafeMutableBytes { bytes, stride in
            for y in 0..<height {
                for x in 0..<width {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    bytes.storeBytes(of: state | 0xFF00_0000, toByteOffset: y * stride + 4 * x, as: UInt32.self)
                }
            }
        }
        var frame = YUVFrame(width: width, height: height)
        convert(bitmap, background: .white, into: &frame)
        var start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<rounds { convert(bitmap, background: .white, into: &frame) }
        let swiftMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(rounds)

        let reference = ReferenceYUV(bitmap)
        print("conversion 1920×1080 BGRA → yuv420p BT.709 limited, one core:")
        print(String(format: "  Swift fixed-point SIMD              %.2f ms/frame  worst error Y %.2f, Cb/Cr %.2f",
                     swiftMs, reference.worstLumaError(frame), reference.worstChromaError(frame)))

        let variants: [(String, Int32)] = [
            ("bilinear+accurate_rnd+bitexact", SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT),
            ("area+accurate_rnd", SWS_AREA | SWS_ACCURATE_RND),
            ("bilinear+full_chroma_input", SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP),
            ("fast_bilinear (default speed)", SWS_FAST_BILINEAR),
        ]
        for (name, flags) in variants {
            let swscale = try SwscaleConverter(width: width, height: height, flags: flags)
            var scaled = YUVFrame(width: width, height: height)
            try swscale.convert(bitmap, into: &scaled)
            start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<rounds { try swscale.convert(bitmap, into: &scaled) }
            let swscaleMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(rounds)
            print(String(format: "  libswscale %@ %.2f ms/frame  worst error Y %.2f, Cb/Cr %.2f (no alpha flattening)",
                         name.padding(toLength: 32, withPad: " ", startingAt: 0), swscaleMs,
                         reference.worstLumaError(scaled), reference.worstChromaError(scaled)))
        }
    }

    /// libswscale configured for the same conversion, for comparison only.
    final class SwscaleConverter {
        private let context: OpaquePointer
        let width: Int, height: Int

        init(width: Int, height: Int, flags: Int32) throws {
            self.width = width
            self.height = height
            guard let context = sws_getContext(
                Int32(width), Int32(height), AV_PIX_FMT_BGRA, Int32(width), Int32(height), AV_PIX_FMT_YUV420P,
                flags, nil, nil, nil)
            else { throw FlipbookError(.codec, "sws_getContext failed") }
            self.context = context
            // BT.709 matrix, full-range RGB in, limited-range YUV out; unity brightness/contrast/saturation.
            let table = sws_getCoefficients(SWS_CS_ITU709)
            let status = sws_setColorspaceDetails(context, table, 1, table, 0, 0, 1 << 16, 1 << 16)
            if status < 0 { throw FlipbookError(.codec, "sws_setColorspaceDetails failed: \(status)") }
        }

        func convert(_ bitmap: Bitmap, into frame: inout YUVFrame) throws {
            let lumaWidth = frame.lumaWidth, chromaWidth = frame.chromaWidth
            let result: Int32 = bitmap.withUnsafeBytes { pixels, stride in
                frame.withUnsafeMutablePlanes { y, u, v in
                    var source: [UnsafePointer<UInt8>?] = [pixels.baseAddress!.assumingMemoryBound(to: UInt8.self), nil, nil, nil]
                    var sourceStrides: [Int32] = [Int32(stride), 0, 0, 0]
                    var planes: [UnsafeMutablePointer<UInt8>?] = [y.baseAddress, u.baseAddress, v.baseAddress, nil]
                    var strides: [Int32] = [Int32(lumaWidth), Int32(chromaWidth), Int32(chromaWidth), 0]
                    return sws_scale(context, &source, &sourceStrides, 0, Int32(height), &planes, &strides)
                }
            }
            if result < 0 { throw FlipbookError(.codec, "sws_scale failed: \(result)") }
        }

        deinit { sws_freeContext(context) }
    }

    /// The exact BT.709 limited-range formula over opaque pixels, for error figures.
    struct ReferenceYUV {
        let bitmap: Bitmap
        init(_ bitmap: Bitmap) { self.bitmap = bitmap }

        private func rgb(_ x: Int, _ y: Int) -> (Double, Double, Double) {
            bitmap.withUnsafeBytes { bytes, stride in
                let word = bytes.load(fromByteOffset: y * stride + 4 * x, as: UInt32.self)
                return (Double((word >> 16) & 0xFF), Double((word >> 8) & 0xFF), Double(word & 0xFF))
            }
        }

        func worstLumaError(_ frame: YUVFrame) -> Double {
            var worst = 0.0
            for y in stride(from: 0, to: bitmap.height, by: 7) {
                for x in stride(from: 0, to: bitmap.width, by: 5) {
                    let (r, g, b) = rgb(x, y)
                    let expected = 16 + 219 * (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
                    worst = max(worst, abs(Double(frame.y[y * frame.lumaWidth + x]) - expected))
                }
            }
            return worst
        }

        func worstChromaError(_ frame: YUVFrame) -> Double {
            var worst = 0.0
            for cy in stride(from: 0, to: bitmap.height / 2, by: 7) {
                for cx in stride(from: 0, to: bitmap.width / 2, by: 5) {
                    var sum = (0.0, 0.0, 0.0)
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                        let p = rgb(2 * cx + dx, 2 * cy + dy)
                        sum = (sum.0 + p.0 / 4, sum.1 + p.1 / 4, sum.2 + p.2 / 4)
                    }
                    let luma = 0.2126 * sum.0 + 0.7152 * sum.1 + 0.0722 * sum.2
                    let cb = 128 + 224 * (sum.2 - luma) / 1.8556 / 255
                    let cr = 128 + 224 * (sum.0 - luma) / 1.5748 / 255
                    worst = max(worst, abs(Double(frame.u[cy * frame.chromaWidth + cx]) - cb),
                                abs(Double(frame.v[cy * frame.chromaWidth + cx]) - cr))
                }
            }
            return worst
        }
    }

    // MARK: - End-to-end renders

    /// 1920×1080 px (960×540 pt at scale 2), 60 fps, 300 frames: a 30-particle confetti burst every 0.5 s.
    static func confettiTimeline(frames: Int = 300, size: CGSize = CGSize(width: 960, height: 540),
                                 scale: CGFloat = 2) throws -> Timeline {
        let duration = Double(frames) / 60
        let bursts = stride(from: 0.0, to: duration, by: 0.5).map { ConfettiBurst(time: $0) }
        let scene = try ConfettiScene(size: size, bursts: bursts, seed: 1)
        return try Timeline(size: size, scale: scale, fps: 60, duration: duration, background: .white,
                        layers: [Timeline.Layer(scene)])
    }

    static func renders(presets: [String]) throws {
        let timeline = try confettiTimeline()
        let directory = FileManager.default.temporaryDirectory
        print("render 1920×1080, 60 fps, 300 frames (confetti bursts every 0.5 s), CRF 20, "
              + "\(ProcessInfo.processInfo.activeProcessorCount) cores:")
        // "medium@2" renders with preset medium and 2 x264 threads.
        for item in presets.isEmpty ? ["ultrafast", "veryfast", "medium"] : presets {
            let parts = item.split(separator: "@")
            let preset = String(parts[0])
            let threads = parts.count > 1 ? Int(parts[1]) : nil
            let url = directory.appendingPathComponent("flipbook-bench-\(preset).mp4")
            PeakMemory.resetHighWaterMark()
            let report = try render(timeline, to: url, options: VideoOptions(preset: preset, encoderThreads: threads))
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            print("  \(preset.padding(toLength: 9, withPad: " ", startingAt: 0)) \(report); \(size / 1024) KiB")
            try? FileManager.default.removeItem(at: url)
        }
    }

    // MARK: - Memory against clip length

    static func memory() throws {
        print("peak memory, 640×360 confetti at 60 fps, preset medium (each in a fresh process):")
        var peaks: [Int: Int] = [:]
        for frames in [300, 3000] {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["video", "memory-child", String(frames)]
            let pipe = Pipe()
            child.standardOutput = pipe
            try child.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            print("  " + output.trimmingCharacters(in: .whitespacesAndNewlines))
            if let line = output.split(separator: "\n").first(where: { $0.hasPrefix("peak-bytes ") }),
               let bytes = Int(line.dropFirst("peak-bytes ".count).prefix { $0.isNumber }) {
                peaks[frames] = bytes
            }
        }
        if let short = peaks[300], let long = peaks[3000] {
            print(String(format: "  3000 vs 300 frames: %+.1f%%", (Double(long) / Double(short) - 1) * 100))
        }
    }

    static func memoryChild(frames: Int) throws {
        let timeline = try confettiTimeline(frames: frames, size: CGSize(width: 640, height: 360), scale: 1)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-bench-memory-\(frames).mp4")
        let report = try render(timeline, to: url)
        try? FileManager.default.removeItem(at: url)
        print("peak-bytes \(report.peakMemoryBytes ?? 0) frames \(frames): \(report)")
    }
}
