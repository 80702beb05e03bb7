// libFuzzer target: any bytes as a video file to VideoSource(contentsOf:keyPath:), which opens it with
// libavformat limited to the video demuxers and decoders Flipbook allows, a bounded probe and bounded
// frame sizes; then the frames at the start, the middle and past the end are decoded and converted
// by libswscale, and each bitmap's last pixel is read. It must decode or throw. HDR (PQ, HLG) is
// tone-mapped (SDR ignores it), so the tone mapper reads any frame too; refusing HDR is tested elsewhere.
import FlipbookCore
import FlipbookDrawing
import Foundation

private let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("flipbook-fuzz-video-\(ProcessInfo.processInfo.processIdentifier)")

@_cdecl("LLVMFuzzerTestOneInput")
public func videoFileFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    guard (try? data.write(to: path)) != nil else { return 0 }
    defer { try? FileManager.default.removeItem(at: path) }
    guard let source = try? VideoSource(contentsOf: path, keyPath: "src", toneMap: .hable) else { return 0 }
    let length = source.length ?? ExactTime(seconds: 1)
    let times = [ExactTime(seconds: 0), length.divided(by: ExactTime(seconds: 2)), length.adding(ExactTime(seconds: 1))]
    for time in times.compactMap({ $0 }) {
        guard let frame = try? source.frame(at: time) else { continue }
        _ = frame.pixel(x: frame.width - 1, y: frame.height - 1)
    }
    return 0
}
