import CFFmpeg
import Flipbook
import Foundation

/// A red rectangle moving right at 100 points per second over a white background.
struct MovingRect: Scene {
    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        context.fill(Path(CGRect(x: 10 + time * 100, y: size.height / 3, width: 40, height: 30)), with: .color(.red))
    }
}

/// Draws a shape with a NaN coordinate from `badFrom` seconds on, which the canvas records as a
/// drawing issue.
struct BreaksLater: Scene {
    var badFrom: TimeInterval
    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        let x = time >= badFrom ? CGFloat.nan : 10
        context.fill(Path(CGRect(x: x, y: 10, width: 20, height: 20)), with: .color(.blue))
    }
}

func movingRectTimeline(width: CGFloat = 160, height: CGFloat = 90, fps: FrameRate = 30, duration: TimeInterval = 1,
                        background: Color? = .white) throws -> Timeline {
    try Timeline(size: CGSize(width: width, height: height), fps: fps, duration: duration,
             background: background, layers: [Timeline.Layer(MovingRect())])
}

func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("flipbook-render-tests-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func partialFiles(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".partial") }
}

struct ProbeError: Error, CustomStringConvertible { var description: String }

/// Counts the decoded frames of an MP4 and reports its size and duration (in-process, libav).
func probe(_ url: URL) throws -> (frames: Int, width: Int, height: Int, duration: Double) {
    var format: UnsafeMutablePointer<AVFormatContext>? = nil
    guard avformat_open_input(&format, url.path, nil, nil) >= 0 else { throw ProbeError(description: "open") }
    defer { avformat_close_input(&format) }
    guard avformat_find_stream_info(format, nil) >= 0 else { throw ProbeError(description: "stream info") }
    let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
    guard index >= 0 else { throw ProbeError(description: "no video stream") }
    let parameters = format!.pointee.streams[Int(index)]!.pointee.codecpar!
    guard let decoder = avcodec_find_decoder(parameters.pointee.codec_id) else { throw ProbeError(description: "decoder") }
    var context = avcodec_alloc_context3(decoder)
    defer { avcodec_free_context(&context) }
    guard avcodec_parameters_to_context(context, parameters) >= 0, avcodec_open2(context, decoder, nil) >= 0 else {
        throw ProbeError(description: "open decoder")
    }
    var packet = av_packet_alloc()
    defer { av_packet_free(&packet) }
    var frame = av_frame_alloc()
    defer { av_frame_free(&frame) }
    var frames = 0
    func drain() {
        while avcodec_receive_frame(context, frame) >= 0 {
            frames += 1
            av_frame_unref(frame)
        }
    }
    while av_read_frame(format, packet) >= 0 {
        if packet!.pointee.stream_index == index { _ = avcodec_send_packet(context, packet) }
        av_packet_unref(packet)
        drain()
    }
    _ = avcodec_send_packet(context, nil)
    drain()
    return (frames, Int(parameters.pointee.width), Int(parameters.pointee.height),
            Double(format!.pointee.duration) / Double(AV_TIME_BASE))
}
