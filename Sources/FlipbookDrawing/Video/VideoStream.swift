import CFFmpeg
import FlipbookCore
import Foundation

/// What a video stream says about itself when opened: its picture size, how it is turned and
/// stretched for display, its clock, how long it lasts and whether it carries alpha or sound.
struct VideoStream: Sendable {
    /// The coded picture in pixels.
    let width: Int
    let height: Int
    /// Clockwise quarter turns the picture is shown at (the display matrix, as players apply it).
    let quarterTurns: Int
    /// The width of one pixel relative to its height (the sample aspect ratio).
    let pixelAspect: Double
    /// Seconds per tick of the stream's timestamps.
    let timeBase: ExactTime
    /// The tick that is time 0 of the source (its start time, after the container's edit list).
    let startTick: Int64
    /// The stream's length in ticks from ``startTick``, when the container states it.
    let durationTicks: Int64?
    /// Whether Matroska carries a VP9 alpha plane beside the pictures.
    let hasAlphaPlane: Bool
    /// Whether the file holds an audio stream too.
    let hasAudio: Bool
    /// PQ or HLG, for HDR video (which opens only with a ``ToneMap``).
    let hdrTransfer: HDRTransfer?
    /// The maximum content light level in cd/m², when the stream states it (HDR10's MaxCLL).
    let maxContentLight: Double?

    init(_ stream: UnsafeMutablePointer<AVStream>, format: UnsafeMutablePointer<AVFormatContext>, hasAudio: Bool,
         toneMap: ToneMap?, problem: VideoFileProblem) throws {
        guard let parameters = stream.pointee.codecpar else { throw problem.error("has no video stream") }
        width = Int(parameters.pointee.width)
        height = Int(parameters.pointee.height)
        guard width > 0, height > 0 else { throw problem.error("does not say how large its frames are") }
        guard width <= VideoFile.maximumDimension, height <= VideoFile.maximumDimension,
              width * height <= VideoFile.maximumPixelCount else {
            throw problem.error("has frames of \(width)×\(height) pixels; Flipbook decodes at most "
                + "\(VideoFile.maximumDimension) pixels a side and 7680×4320 pixels in all")
        }
        switch parameters.pointee.color_trc {
        case AVCOL_TRC_SMPTE2084: hdrTransfer = .pq
        case AVCOL_TRC_ARIB_STD_B67: hdrTransfer = .hlg
        default: hdrTransfer = nil
        }
        if let hdrTransfer, toneMap == nil {
            throw problem.error("is HDR video (\(hdrTransfer.name) transfer); Flipbook draws SDR video (BT.601 or BT.709) and "
                + "refuses HDR rather than show it washed out: convert it to SDR first, or ask for tone mapping "
                + "(\"toneMap\": \"hable\" or \"reinhard\")")
        }
        maxContentLight = Self.maxContentLight(stream)
        let base = stream.pointee.time_base
        guard base.num > 0, base.den > 0, let timeBase = ExactTime(Int64(base.num), Int64(base.den)) else {
            throw problem.error("has no usable time base")
        }
        self.timeBase = timeBase
        startTick = stream.pointee.start_time != flipbook_av_nopts_value() ? stream.pointee.start_time : 0
        if stream.pointee.duration != flipbook_av_nopts_value(), stream.pointee.duration > 0 {
            durationTicks = stream.pointee.duration
        } else if format.pointee.duration != flipbook_av_nopts_value(), format.pointee.duration > 0 {
            durationTicks = av_rescale_q(format.pointee.duration, AVRational(num: 1, den: Int32(AV_TIME_BASE)), base)
        } else {
            durationTicks = nil
        }
        if let durationTicks, timeBase.seconds * Double(durationTicks) > VideoFile.maximumDuration {
            throw problem.error("lasts longer than \(formatNumber(VideoFile.maximumDuration)) seconds, the longest Flipbook decodes")
        }
        quarterTurns = Self.quarterTurns(stream)
        let aspect = av_guess_sample_aspect_ratio(format, stream, nil)
        pixelAspect = aspect.num > 0 && aspect.den > 0 ? Double(aspect.num) / Double(aspect.den) : 1
        guard pixelAspect >= 0.01, pixelAspect <= 100 else {
            throw problem.error("has a pixel aspect ratio of \(aspect.num):\(aspect.den); it must be between 1:100 and 100:1")
        }
        let alphaMode = av_dict_get(stream.pointee.metadata, "alpha_mode", nil, 0)
        hasAlphaPlane = alphaMode.map { String(cString: $0.pointee.value) == "1" } ?? false
        self.hasAudio = hasAudio
    }

    /// The clockwise quarter turns of the stream's display matrix (nearest, as players round it).
    private static func quarterTurns(_ stream: UnsafeMutablePointer<AVStream>) -> Int {
        var size: Int = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 9 * 4 else { return 0 }
        let degrees = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard degrees.isFinite else { return 0 }
        // The matrix turns counter-clockwise; players undo it by turning clockwise.
        let turns = Int(saturating: -degrees / 90)
        return ((turns % 4) + 4) % 4
    }

    /// HDR10's maximum content light level (MaxCLL) from the stream's side data.
    private static func maxContentLight(_ stream: UnsafeMutablePointer<AVStream>) -> Double? {
        var size: Int = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, &size),
              size >= MemoryLayout<AVContentLightMetadata>.size else { return nil }
        let level = data.withMemoryRebound(to: AVContentLightMetadata.self, capacity: 1) { $0.pointee.MaxCLL }
        return level > 0 ? Double(level) : nil
    }

    /// The size the picture is shown at, in pixels: stretched by the pixel aspect, then turned.
    var displaySize: CGSize {
        let stretched = CGSize(width: (Double(width) * pixelAspect).rounded(), height: Double(height))
        return quarterTurns % 2 == 1 ? CGSize(width: stretched.height, height: stretched.width) : stretched
    }

    /// The seconds of source time of `tick`.
    func seconds(ofTick tick: Int64) -> Double {
        Double(tick - startTick) * timeBase.seconds
    }
}
