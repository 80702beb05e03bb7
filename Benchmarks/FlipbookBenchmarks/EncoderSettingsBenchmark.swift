import CFFmpeg
import Flipbook
import FlipbookRaster
import FlipbookRender
import FlipbookVideo
import Foundation

/// `flipbook-bench encoder-settings [B1 B2 B3]`: each clip workload's frames encoded alone (drawn
/// and converted first, untimed) with the H.264 settings before issue #12 and with today's
/// defaults: encode time, encoder memory, file size, peak one-second bit rate and PSNR against
/// the frames that went in. Every encode runs in its own process so its memory is its own.
enum EncoderSettingsBenchmark {
    /// The settings compared. "before": lookahead capped at 10, a keyframe every 2 s, no VBV;
    /// "lookahead 10": today's defaults with the old lookahead (the memory per lookahead frame);
    /// "threads-N": today's defaults with N fixed x264 threads (`--threads N`), whose bytes are the
    /// same on every machine but differ from the default's.
    enum Settings: RawRepresentable, Hashable {
        case before, lookahead10, now
        case threads(Int)

        static let standard: [Settings] = [.before, .lookahead10, .now]

        init?(rawValue: String) {
            switch rawValue {
            case "before": self = .before
            case "lookahead-10": self = .lookahead10
            case "now": self = .now
            default:
                guard rawValue.hasPrefix("threads-"), let count = Int(rawValue.dropFirst("threads-".count)),
                      VideoOptions.encoderThreadRange.contains(count) else { return nil }
                self = .threads(count)
            }
        }

        var rawValue: String {
            switch self {
            case .before: "before"
            case .lookahead10: "lookahead-10"
            case .now: "now"
            case .threads(let count): "threads-\(count)"
            }
        }

        func options(for workload: Workload) -> VideoOptions {
            var options = workload.options
            switch self {
            case .before:
                options.lookahead = min(X264Preset(rawValue: options.preset)?.lookahead ?? 10, 10)
                options.keyframeInterval = 2
                options.holdsToLevel = false
            case .lookahead10:
                options.lookahead = min(X264Preset(rawValue: options.preset)?.lookahead ?? 10, 10)
            case .now:
                break
            case .threads(let count):
                options.encoderThreads = count
            }
            return options
        }
    }

    /// `encoder-settings [--settings before,now,threads-4,…] [B1 …]`.
    static func run(_ arguments: [String]) throws {
        var arguments = arguments
        var compared = Settings.standard
        if let flag = arguments.firstIndex(of: "--settings"), flag + 1 < arguments.count {
            let names = arguments[flag + 1].split(separator: ",").map(String.init)
            compared = try names.map { name in
                guard let settings = Settings(rawValue: name) else {
                    throw FlipbookError(invalid: "--settings", "\(name) is not before, lookahead-10, now or threads-N")
                }
                return settings
            }
            arguments.removeSubrange(flag...(flag + 1))
        }
        let ids = arguments.isEmpty ? ["B1", "B2", "B3"] : arguments
        print("workload  settings       encode s    CPU s  encoder MB  size MB  peak 1 s Mb  PSNR dB")
        for id in ids {
            for settings in compared {
                print(try child(id, settings))
            }
        }
    }

    private static func child(_ id: String, _ settings: Settings) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["encoder-settings-child", id, settings.rawValue]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FlipbookError(.codec, "The \(id) \(settings.rawValue) encode failed: \(output)")
        }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `encoder-settings-child <B1…B3> <settings>`: one encode, one line of figures.
    static func runChild(_ arguments: [String]) throws {
        guard arguments.count == 2, let workload = Workload.named(arguments[0]),
              let settings = Settings(rawValue: arguments[1]) else {
            throw FlipbookError(invalid: "arguments", "usage: encoder-settings-child <B1|B2|B3> <before|lookahead-10|now|threads-N>")
        }
        let timeline = try workload.timeline()
        let options = settings.options(for: workload)
        let frames = try WorkloadChild.preconvert(timeline, background: options.background)
        let url = WorkloadChild.temporaryFile("\(workload.id)-\(settings.rawValue).mp4")
        defer { try? FileManager.default.removeItem(at: url) }
        let before = PeakMemory.current() ?? 0
        _ = PeakMemory.resetHighWaterMark()
        let (_, wall, cpu) = try Clock.measure {
            try WorkloadChild.encodeAsRenderDoes(frames, to: url, timeline: timeline, options: options)
        }
        let encoderBytes = (PeakMemory.highWaterMark() ?? before) - before
        let sizes = try packetSizes(url)
        let fps = Int(timeline.fps.framesPerSecond.rounded())
        let peak = sizes.count >= fps
            ? (0...(sizes.count - fps)).map { sizes[$0..<($0 + fps)].reduce(0, +) }.max() ?? 0 : sizes.reduce(0, +)
        let psnr = try decodedPSNR(url, against: frames)
        print(String(format: "%-9@ %-13@ %9.1f %8.1f %11.0f %8.2f %12.1f %8.3f", workload.id, settings.rawValue, wall,
                     cpu, Double(encoderBytes) / 1_048_576, Double(WorkloadChild.fileSize(url) ?? 0) / 1_000_000,
                     Double(peak * 8) / 1e6, psnr))
    }

    /// Packet sizes in bytes, in decoding order.
    private static func packetSizes(_ url: URL) throws -> [Int] {
        var sizes: [Int] = []
        try withDecoder(url) { _, packet in sizes.append(Int(packet.pointee.size)) } frame: { _ in }
        return sizes
    }

    /// PSNR over every Y, Cb and Cr sample of the decoded clip against the frames encoded
    /// (FFmpeg's "average": 10·log10(255² / mean squared error)).
    static func decodedPSNR(_ url: URL, against frames: [YUVFrame]) throws -> Double {
        var squared = 0.0, samples = 0.0, index = 0
        try withDecoder(url) { _, _ in } frame: { frame in
            guard index < frames.count else { return }
            let source = frames[index]
            index += 1
            let planes = [(source.y, source.lumaWidth, source.lumaHeight),
                          (source.u, source.chromaWidth, source.chromaHeight),
                          (source.v, source.chromaWidth, source.chromaHeight)]
            withUnsafeBytes(of: frame.pointee.data) { data in
                let pointers = data.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)
                let strides = withUnsafeBytes(of: frame.pointee.linesize) { Array($0.bindMemory(to: Int32.self)) }
                for (plane, (samplesIn, width, height)) in planes.enumerated() {
                    guard let base = pointers[plane] else { continue }
                    for row in 0..<height {
                        let decoded = base + row * Int(strides[plane])
                        for x in 0..<width {
                            let d = Double(decoded[x]) - Double(samplesIn[row * width + x])
                            squared += d * d
                        }
                    }
                    samples += Double(width * height)
                }
            }
        }
        guard index == frames.count, samples > 0 else {
            throw FlipbookError(.codec, "\(url.path) decoded to \(index) frames, not \(frames.count).")
        }
        return squared == 0 ? .infinity : 10 * log10(255 * 255 / (squared / samples))
    }

    /// Reads every packet of `url`'s video stream and decodes it.
    private static func withDecoder(
        _ url: URL, packet: (UnsafeMutablePointer<AVCodecContext>, UnsafeMutablePointer<AVPacket>) throws -> Void,
        frame: (UnsafeMutablePointer<AVFrame>) throws -> Void
    ) throws {
        func check(_ status: Int32, _ what: String) throws {
            if status < 0 { throw FlipbookError(.codec, "\(what) failed for \(url.path) (\(status)).") }
        }
        var format: UnsafeMutablePointer<AVFormatContext>? = nil
        try check(avformat_open_input(&format, url.path, nil, nil), "opening")
        defer { avformat_close_input(&format) }
        try check(avformat_find_stream_info(format, nil), "reading stream info")
        let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        try check(index, "finding the video stream")
        guard let stream = format?.pointee.streams[Int(index)], let parameters = stream.pointee.codecpar,
              let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw FlipbookError(.codec, "No decoder for \(url.path).")
        }
        var context = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&context) }
        guard let context else { throw FlipbookError(.codec, "Cannot allocate a decoder.") }
        try check(avcodec_parameters_to_context(context, parameters), "copying parameters")
        try check(avcodec_open2(context, codec, nil), "opening the decoder")
        var avPacket = av_packet_alloc(), avFrame = av_frame_alloc()
        defer { av_packet_free(&avPacket); av_frame_free(&avFrame) }
        guard let avPacket, let avFrame else { throw FlipbookError(.codec, "Cannot allocate a packet.") }
        func drain() throws {
            while avcodec_receive_frame(context, avFrame) >= 0 {
                try frame(avFrame)
                av_frame_unref(avFrame)
            }
        }
        while av_read_frame(format, avPacket) >= 0 {
            defer { av_packet_unref(avPacket) }
            guard avPacket.pointee.stream_index == index else { continue }
            try packet(context, avPacket)
            try check(avcodec_send_packet(context, avPacket), "decoding")
            try drain()
        }
        try check(avcodec_send_packet(context, nil), "flushing")
        try drain()
    }
}
