import CFFmpeg
import FlipbookRaster

/// The pixel layout of an encoded clip or image, named as libavutil names it.
///
/// Each codec accepts some of these (``VideoCodec/Capabilities-swift.struct/pixelFormats``); ``VideoOptions/pixelFormat`` picks
/// one, or `nil` lets the codec choose (opaque or with alpha, see ``VideoOptions/alpha``).
public enum PixelFormat: String, Sendable, Codable, CaseIterable {
    /// 8-bit 4:2:0 YUV: one chroma sample per 2×2 pixels, the format every player decodes.
    case yuv420p
    /// 8-bit 4:2:0 YUV with a full-resolution alpha plane (VP9 in WebM, WebP).
    case yuva420p
    /// 10-bit 4:2:0 YUV (HEVC Main 10, VP9 profile 2, AV1): less banding in gradients.
    case yuv420p10le
    /// 10-bit 4:2:2 YUV: ProRes 422 HQ.
    case yuv422p10le
    /// 10-bit 4:4:4 YUV with a 10-bit alpha plane: ProRes 4444.
    case yuva444p10le
    /// 8-bit straight (not premultiplied) RGBA: PNG and APNG.
    case rgba
    /// 8-bit straight BGRA: libwebp's input.
    case bgra
    /// 8-bit palette indices into at most 256 colours: GIF.
    case pal8
}

extension PixelFormat {
    /// How the format stores its samples: the table the converter and the encoders read.
    package var layout: PixelLayout {
        switch self {
        case .yuv420p: PixelLayout(depth: 8, planar: true, chromaShift: (1, 1), hasAlpha: false, packedBytes: 0)
        case .yuva420p: PixelLayout(depth: 8, planar: true, chromaShift: (1, 1), hasAlpha: true, packedBytes: 0)
        case .yuv420p10le: PixelLayout(depth: 10, planar: true, chromaShift: (1, 1), hasAlpha: false, packedBytes: 0)
        case .yuv422p10le: PixelLayout(depth: 10, planar: true, chromaShift: (1, 0), hasAlpha: false, packedBytes: 0)
        case .yuva444p10le: PixelLayout(depth: 10, planar: true, chromaShift: (0, 0), hasAlpha: true, packedBytes: 0)
        case .rgba: PixelLayout(depth: 8, planar: false, chromaShift: (0, 0), hasAlpha: true, packedBytes: 4)
        case .bgra: PixelLayout(depth: 8, planar: false, chromaShift: (0, 0), hasAlpha: true, packedBytes: 4)
        case .pal8: PixelLayout(depth: 8, planar: false, chromaShift: (0, 0), hasAlpha: true, packedBytes: 1)
        }
    }

    /// libavutil's identifier for the layout.
    var libavFormat: AVPixelFormat {
        switch self {
        case .yuv420p: AV_PIX_FMT_YUV420P
        case .yuva420p: AV_PIX_FMT_YUVA420P
        case .yuv420p10le: AV_PIX_FMT_YUV420P10LE
        case .yuv422p10le: AV_PIX_FMT_YUV422P10LE
        case .yuva444p10le: AV_PIX_FMT_YUVA444P10LE
        case .rgba: AV_PIX_FMT_RGBA
        case .bgra: AV_PIX_FMT_BGRA
        case .pal8: AV_PIX_FMT_PAL8
        }
    }

    /// Whether the layout keeps transparency.
    public var hasAlpha: Bool { layout.hasAlpha }

    /// Whether samples have more than 8 bits.
    public var isHighBitDepth: Bool { layout.depth > 8 }
}
