import Flipbook
import FlipbookVideo
import Foundation

/// `dump-yuv <B1…B3> <file.yuv>`: writes a workload's frames as raw yuv420p, exactly as the encoder
/// receives them, so x264 settings can be compared outside Flipbook (e.g. with `ffmpeg -f rawvideo`)
/// on identical input.
enum YUVDump {
    static func run(_ arguments: [String]) throws {
        guard arguments.count == 2, let workload = Workload.named(arguments[0]) else {
            throw FlipbookError.invalidInput("usage: dump-yuv <B1|B2|B3> <file.yuv>")
        }
        let timeline = try workload.timeline()
        let frames = try WorkloadChild.preconvert(timeline, background: workload.options.background)
        guard FileManager.default.createFile(atPath: arguments[1], contents: nil),
              let handle = FileHandle(forWritingAtPath: arguments[1]) else {
            throw FlipbookError.file("Cannot create \(arguments[1]).")
        }
        defer { try? handle.close() }
        for frame in frames {
            for plane in [frame.y, frame.u, frame.v] { try handle.write(contentsOf: Data(plane)) }
        }
        print("wrote \(frames.count) frames of \(frames[0].lumaWidth)×\(frames[0].lumaHeight) yuv420p, "
              + "\(timeline.fps) fps, to \(arguments[1])")
    }
}
