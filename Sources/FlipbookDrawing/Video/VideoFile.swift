import FlipbookCore
import Foundation

/// What Flipbook accepts as a video source: video files are untrusted input to a large decoder, so
/// only the listed demuxers and decoders open them, libavformat probes a bounded number of bytes, and
/// a stream's frames are bounded in size.
public enum VideoFile {
    /// The largest width or height of a source's frames, in pixels (8K).
    public static let maximumDimension = 8192
    /// The most pixels in one of a source's frames (8K UHD).
    public static let maximumPixelCount = 7680 * 4320
    /// The bytes libavformat may read to find the format and its streams.
    public static let probeBytes = 8 << 20
    /// The longest source, in seconds (ten hours).
    public static let maximumDuration: TimeInterval = 36_000

    /// The demuxers allowed (libavformat's names: `mov` is MP4/MOV/M4V, `matroska` MKV and WebM).
    package static let formatWhitelist = "mov,matroska,webm,avi,ivf,mpegts,flv,gif,apng"
    /// The video decoders allowed (libavcodec's names); `libvpx-vp9` reads VP9's alpha plane.
    package static let codecWhitelist = [
        "h264", "hevc", "vp8", "libvpx", "vp9", "libvpx-vp9", "av1", "libdav1d", "libaom-av1", "mpeg4", "mpeg2video",
        "mpeg1video", "mjpeg", "prores", "qtrle", "png", "apng", "gif", "ffv1", "dnxhd", "theora", "rawvideo", "utvideo",
    ].joined(separator: ",")
    /// The decoders' names as people know the codecs, for the message refusing another one.
    package static let codecNames = "H.264, HEVC, VP8, VP9, AV1, MPEG-4, MPEG-2, MJPEG, ProRes, QuickTime Animation, PNG, GIF, "
        + "FFV1, DNxHD, Theora, Ut Video and uncompressed video"
}

/// Builds the one kind of message every failure to read a video file gets.
struct VideoFileProblem: Sendable {
    let url: URL
    let keyPath: String

    /// "`layers[0].src` names clip.mp4, which <reason>." (or "The video file … <reason>." in Swift).
    func error(_ reason: String) -> FlipbookError {
        if keyPath.isEmpty {
            return FlipbookError(invalid: "The video file \(url.path)", reason + ".")
        }
        return FlipbookError(invalid: keyPath, "names \(url.path), which \(reason).", at: .init(keyPath: keyPath))
    }

    /// The error for a failed libav call while opening: what was being done and libav's reason.
    func libav(_ status: Int32, _ doing: String) -> FlipbookError {
        error("cannot be decoded: \(doing) failed (\(videoErrorText(status)))")
    }

    /// A decoding failure met while rendering (exit status 1): the file, the source time and libav's reason.
    func failure(at seconds: Double, _ reason: String) -> FlipbookError {
        FlipbookError(.codec, "The video file \(url.path) could not be decoded at \(formatSeconds(seconds)) s: \(reason).",
                      at: keyPath.isEmpty ? .init() : .init(keyPath: keyPath))
    }

    private func formatSeconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
