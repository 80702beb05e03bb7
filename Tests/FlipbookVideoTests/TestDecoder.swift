import CFFmpeg
import FlipbookTestSupport
import Foundation
@testable import FlipbookVideo

/// What the tests learn about an MP4 by decoding it in-process with libavformat/libavcodec.
struct DecodedVideo {
    var width = 0
    var height = 0
    var codecName = ""
    var profile: Int32 = 0
    var pixelFormat = ""
    var colorPrimaries = AVCOL_PRI_UNSPECIFIED
    var colorTransfer = AVCOL_TRC_UNSPECIFIED
    var colorSpace = AVCOL_SPC_UNSPECIFIED
    var colorRange = AVCOL_RANGE_UNSPECIFIED
    var averageFrameRate = AVRational(num: 0, den: 1)
    var realFrameRate = AVRational(num: 0, den: 1)
    /// The container's duration in seconds.
    var formatDuration: Double = 0
    /// The stream's duration in seconds.
    var streamDuration: Double = 0
    /// Each decoded frame's presentation time in seconds, in output order.
    var frameTimes: [Double] = []
    /// Decoded pictures (only when requested).
    var frames: [YUVPlanes] = []
    var frameCount: Int { frameTimes.count }
}

/// One decoded picture, tightly packed.
struct YUVPlanes {
    var width: Int
    var height: Int
    var y: [UInt8]
    var u: [UInt8]
    var v: [UInt8]
}

/// Decodes every frame of the first video stream of `url`.
func decodeVideo(_ url: URL, keepFrames: Bool = true) throws -> DecodedVideo {
    var result = DecodedVideo()
    try decodeEachFrame(url, inspect: { format, stream in
        let parameters = stream.pointee.codecpar.pointee
        result.width = Int(parameters.width)
        result.height = Int(parameters.height)
        result.codecName = String(cString: avcodec_get_name(parameters.codec_id))
        result.profile = parameters.profile
        result.pixelFormat = av_get_pix_fmt_name(AVPixelFormat(rawValue: parameters.format)).map { String(cString: $0) } ?? "?"
        result.colorPrimaries = parameters.color_primaries
        result.colorTransfer = parameters.color_trc
        result.colorSpace = parameters.color_space
        result.colorRange = parameters.color_range
        result.averageFrameRate = stream.pointee.avg_frame_rate
        result.realFrameRate = stream.pointee.r_frame_rate
        result.formatDuration = Double(format.pointee.duration) / Double(AV_TIME_BASE)
        result.streamDuration = Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base)
    }, receive: { frame, timeBase in
        let f = frame.pointee
        result.frameTimes.append(Double(f.best_effort_timestamp) * av_q2d(timeBase))
        guard keepFrames else { return }
        let w = Int(f.width), h = Int(f.height)
        func plane(_ data: UnsafeMutablePointer<UInt8>?, _ stride: Int32, _ pw: Int, _ ph: Int) throws -> [UInt8] {
            guard let data else { throw TestDecodeError(description: "a missing plane") }
            var out = [UInt8](repeating: 0, count: pw * ph)
            for row in 0..<ph {
                for col in 0..<pw { out[row * pw + col] = data[row * Int(stride) + col] }
            }
            return out
        }
        result.frames.append(YUVPlanes(
            width: w, height: h,
            y: try plane(f.data.0, f.linesize.0, w, h),
            u: try plane(f.data.1, f.linesize.1, (w + 1) / 2, (h + 1) / 2),
            v: try plane(f.data.2, f.linesize.2, (w + 1) / 2, (h + 1) / 2)))
    })
    return result
}

/// The four-character types of the top-level boxes of an MP4 file, in file order.
func topLevelBoxes(_ url: URL) throws -> [String] {
    let data = try Data(contentsOf: url)
    var boxes: [String] = []
    var offset = 0
    while offset + 8 <= data.count {
        var size = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
        if size == 1, offset + 16 <= data.count {
            size = data[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) }
        } else if size == 0 {
            size = data.count - offset
        }
        guard size >= 8 else { break }
        boxes.append(type)
        offset += size
    }
    return boxes
}
