import Flipbook
import Foundation

/// `flipbook-bench video-layer CLIP [--frames N] [--long FILE --seek S]`: a 1920×1080 video layer's
/// cost per frame (decoding, conversion to BGRA, drawing into the frame) against the `ffmpeg` command
/// decoding the same frames to nothing, and the time a layer trimmed to start at S seconds of a long
/// file takes to show its first frame (Benchmarks/video-layer.md).
enum VideoLayerBenchmark {
    static func run(_ arguments: [String]) throws {
        guard let clip = arguments.first else {
            print("usage: flipbook-bench video-layer CLIP [--frames N] [--long FILE --seek S]")
            return
        }
        func value(_ flag: String) -> String? {
            arguments.firstIndex(of: flag).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
        }
        let frames = value("--frames").flatMap(Int.init) ?? 300
        let url = URL(fileURLWithPath: clip)
        let scene = try VideoScene(contentsOf: url, size: Keyframed(CGSize(width: 1920, height: 1080)), fit: .fill, muted: true)
        let fps = FrameRate(30)
        let timeline = try Timeline(size: CGSize(width: 1920, height: 1080), fps: fps,
                                    duration: Double(frames) / fps.framesPerSecond, background: .black, layers: [Timeline.Layer(scene)])
        var bitmap = try timeline.makeBitmap()
        let cpu0 = Clock.processCPU(), wall0 = Clock.wall()
        for frame in 0..<timeline.frameCount { timeline.draw(frame: frame, into: &bitmap) }
        let wall = Clock.wall() - wall0, cpu = Clock.processCPU() - cpu0
        if let issue = bitmap.drawingIssue { throw issue }
        let n = Double(timeline.frameCount)
        print(String(format: "Flipbook video layer: %d frames, %.2f ms wall, %.2f ms CPU per frame (decode, convert, draw)",
                     timeline.frameCount, 1000 * wall / n, 1000 * cpu / n))
        let ffmpeg = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        let decode = try CommandRun.run(ffmpeg, ["-hide_banner", "-loglevel", "error", "-i", clip, "-frames:v", String(frames),
                                                 "-an", "-f", "null", "-"])
        print(String(format: "ffmpeg -i CLIP -f null -: %.2f ms wall, %.2f ms CPU per frame (decode only, process start included)",
                     1000 * decode.wall / n, 1000 * decode.cpu / n))
        let toBGRA = try CommandRun.run(ffmpeg, ["-hide_banner", "-loglevel", "error", "-i", clip, "-frames:v", String(frames),
                                                 "-an", "-pix_fmt", "bgra", "-f", "null", "-"])
        print(String(format: "ffmpeg -i CLIP -pix_fmt bgra -f null -: %.2f ms wall, %.2f ms CPU per frame (decode and convert)",
                     1000 * toBGRA.wall / n, 1000 * toBGRA.cpu / n))
        guard let long = value("--long"), let seek = value("--seek").flatMap(Double.init) else { return }
        let longURL = URL(fileURLWithPath: long)
        let openWall = Clock.wall()
        let late = try VideoScene(contentsOf: longURL, trimIn: seek, muted: true)
        let opened = Clock.wall() - openWall
        let seekCPU = Clock.processCPU(), seekWall = Clock.wall()
        _ = try late.frame(at: 0)
        print(String(format: "Flipbook, trim in at %.0f s of %@: opened in %.0f ms, first frame in %.0f ms wall, %.0f ms CPU",
                     seek, longURL.lastPathComponent, 1000 * opened, 1000 * (Clock.wall() - seekWall),
                     1000 * (Clock.processCPU() - seekCPU)))
        let ffSeek = try CommandRun.run(ffmpeg, ["-hide_banner", "-loglevel", "error", "-ss", String(seek), "-i", long,
                                                 "-frames:v", "1", "-an", "-f", "null", "-"])
        print(String(format: "ffmpeg -ss %.0f -i FILE -frames:v 1 -f null -: %.0f ms wall, %.0f ms CPU", seek,
                     1000 * ffSeek.wall, 1000 * ffSeek.cpu))
    }
}
