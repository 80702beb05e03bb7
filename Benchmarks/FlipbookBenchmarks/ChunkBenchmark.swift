import CFFmpeg
import Flipbook
import FlipbookVideo
import Foundation

/// The scale-out figures: each workload (B1–B3, lasting `--duration` seconds, drawn at `--width`
/// pixels wide) rendered in one piece and in N = 2, 4, 8 chunks joined by `concat`, at the
/// workload's own CRF and preset. For each N: the joined file's size against the single render's,
/// and its PSNR (all of Y, U and V, as FFmpeg's `psnr` filter averages them) against a lossless
/// render of the same frames.
///
///   flipbook-bench chunks [--duration 10] [--width 640] [--counts 1,2,4,8] [B1 B2 B3]
enum ChunkBenchmark {
    static func run(_ arguments: [String]) throws {
        var duration = 10.0, width = 640.0, counts = [1, 2, 4, 8], ids: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--duration": duration = Double(rest.popFirst() ?? "") ?? duration
            case "--width": width = Double(rest.popFirst() ?? "") ?? width
            case "--counts": counts = (rest.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }
            default: ids.append(argument)
            }
        }
        let workloads = (ids.isEmpty ? ["B1", "B2", "B3"] : ids).compactMap { id -> Workload? in
            switch id.uppercased() {
            case "B1": Workload.seed(duration: duration)
            case "B2": Workload.storm(duration: duration)
            case "B3": Workload.ripples
            default: nil
            }
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-chunk-bench-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        print("chunks: \(String(format: "%g", duration)) s clips \(Int(width)) px wide at 60 fps, CRF 20, each workload's preset;")
        print("size and PSNR (Y+U+V against a lossless render) of N chunks joined by concat, against one piece")
        print("| workload | N | size (bytes) | size vs N = 1 | PSNR (dB) | PSNR vs N = 1 |")
        print("|---|---|---|---|---|---|")
        for workload in workloads {
            var scene = try SceneFile.decode(workload.json(), source: workload.fixtureName)
            let points = scene.size ?? SceneFile.defaultSize
            scene.scale = width / points.width
            scene.duration = min(duration, scene.duration ?? duration)
            let timeline = try scene.makeTimeline()
            var lossless = workload.options
            lossless.crf = 0
            let reference = scratch.appendingPathComponent("\(workload.id)-lossless.mkv")
            try render(timeline, to: reference, options: lossless)
            var baseline: (size: Int, psnr: Double)?
            for count in counts {
                let joined = scratch.appendingPathComponent("\(workload.id)-\(count).mp4")
                if count == 1 {
                    try render(timeline, to: joined, options: workload.options)
                } else {
                    let parts = try (1...count).map { index -> URL in
                        let chunk = try Chunk(index, of: count)
                        let url = scratch.appendingPathComponent(chunk.fileName("\(workload.id)-\(count)-{chunk}.mp4"))
                        try render(timeline, chunk: chunk, to: url, options: workload.options)
                        return url
                    }
                    try concat(parts, to: joined)
                    for part in parts { try FileManager.default.removeItem(at: part) }
                }
                let size = try FileManager.default.attributesOfItem(atPath: joined.path)[.size] as? Int ?? 0
                let psnr = try peakSignalToNoise(joined, against: reference)
                let base = baseline ?? (size, psnr)
                baseline = base
                print(String(format: "| %@ %@ %dx%d | %d | %d | %+.2f %% | %.3f | %+.3f dB |",
                             workload.id, workload.name, timeline.pixelWidth, timeline.pixelHeight, count, size,
                             100 * (Double(size) / Double(base.size) - 1), psnr, psnr - base.psnr))
            }
        }
    }

    /// PSNR over every frame and plane of two clips of equal size and frame count (8-bit YUV 4:2:0).
    static func peakSignalToNoise(_ url: URL, against reference: URL) throws -> Double {
        let a = try PlaneDecoder(url), b = try PlaneDecoder(reference)
        var squared = 0.0, samples = 0.0
        while let x = try a.next() {
            guard let y = try b.next(), x.count == y.count else { throw BenchError("\(url.lastPathComponent): frames differ") }
            for (p, q) in zip(x, y) {
                guard p.count == q.count else { throw BenchError("plane sizes differ") }
                for i in p.indices {
                    let d = Double(Int(p[i]) - Int(q[i]))
                    squared += d * d
                }
                samples += Double(p.count)
            }
        }
        guard try b.next() == nil else { throw BenchError("\(url.lastPathComponent) has fewer frames than the reference") }
        return squared == 0 ? .infinity : 10 * log10(255 * 255 / (squared / samples))
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Decodes a clip's frames in presentation order as tightly packed 8-bit planes.
final class PlaneDecoder {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet = av_packet_alloc()
    private var frame = av_frame_alloc()
    private let stream: Int32
    private var draining = false

    init(_ url: URL) throws {
        guard avformat_open_input(&format, url.path, nil, nil) >= 0, let format,
              avformat_find_stream_info(format, nil) >= 0 else { throw BenchError("cannot open \(url.path)") }
        stream = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard stream >= 0, let parameters = format.pointee.streams[Int(stream)]?.pointee.codecpar,
              let decoder = avcodec_find_decoder(parameters.pointee.codec_id) else { throw BenchError("no video in \(url.path)") }
        codec = avcodec_alloc_context3(decoder)
        guard avcodec_parameters_to_context(codec, parameters) >= 0, avcodec_open2(codec, decoder, nil) >= 0 else {
            throw BenchError("cannot decode \(url.path)")
        }
    }

    /// The next frame's planes, or `nil` after the last.
    func next() throws -> [[UInt8]]? {
        while true {
            let status = avcodec_receive_frame(codec, frame)
            if status >= 0, let frame { return planes(frame) }
            if status == flipbook_averror_eof() { return nil }
            if draining { return nil }
            guard let packet else { return nil }
            if av_read_frame(format, packet) < 0 {
                draining = true
                avcodec_send_packet(codec, nil)
                continue
            }
            defer { av_packet_unref(packet) }
            if packet.pointee.stream_index == stream { avcodec_send_packet(codec, packet) }
        }
    }

    private func planes(_ frame: UnsafeMutablePointer<AVFrame>) -> [[UInt8]] {
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        let sizes = [(width, height), ((width + 1) / 2, (height + 1) / 2), ((width + 1) / 2, (height + 1) / 2)]
        return withUnsafeBytes(of: frame.pointee.data) { data in
            let pointers = data.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)
            let strides = withUnsafeBytes(of: frame.pointee.linesize) { Array($0.bindMemory(to: Int32.self)) }
            return sizes.enumerated().map { index, size in
                guard let base = pointers[index] else { return [] }
                var plane = [UInt8]()
                plane.reserveCapacity(size.0 * size.1)
                for row in 0..<size.1 {
                    plane.append(contentsOf: UnsafeBufferPointer(start: base + row * Int(strides[index]), count: size.0))
                }
                return plane
            }
        }
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }
}
