import CFFmpeg

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

/// How a ``PixelFormat`` stores its samples: the table the converter and the encoders read,
/// rather than a `switch` in each of them.
package struct PixelLayout: Sendable {
    /// libavutil's identifier.
    package var libav: AVPixelFormat
    /// Bits per sample: 8 or 10 (10-bit samples are stored little-endian in 16 bits).
    package var depth: Int
    /// Whether samples are YUV planes (else packed RGB(A) or palette indices in one plane).
    package var planar: Bool
    /// log₂ of the horizontal and vertical chroma subsampling (1, 1 for 4:2:0).
    package var chromaShift: (x: Int, y: Int)
    /// Whether the layout carries alpha.
    package var hasAlpha: Bool
    /// Bytes per pixel of a packed layout (4 for RGBA/BGRA, 1 for palette indices).
    package var packedBytes: Int

    /// Bytes one sample occupies in a plane.
    package var sampleBytes: Int { depth > 8 ? 2 : 1 }
}

extension PixelFormat {
    /// The layout table.
    package var layout: PixelLayout {
        switch self {
        case .yuv420p:
            PixelLayout(libav: AV_PIX_FMT_YUV420P, depth: 8, planar: true, chromaShift: (1, 1), hasAlpha: false, packedBytes: 0)
        case .yuva420p:
            PixelLayout(libav: AV_PIX_FMT_YUVA420P, depth: 8, planar: true, chromaShift: (1, 1), hasAlpha: true, packedBytes: 0)
        case .yuv420p10le:
            PixelLayout(libav: AV_PIX_FMT_YUV420P10LE, depth: 10, planar: true, chromaShift: (1, 1), hasAlpha: false, packedBytes: 0)
        case .yuv422p10le:
            PixelLayout(libav: AV_PIX_FMT_YUV422P10LE, depth: 10, planar: true, chromaShift: (1, 0), hasAlpha: false, packedBytes: 0)
        case .yuva444p10le:
            PixelLayout(libav: AV_PIX_FMT_YUVA444P10LE, depth: 10, planar: true, chromaShift: (0, 0), hasAlpha: true, packedBytes: 0)
        case .rgba:
            PixelLayout(libav: AV_PIX_FMT_RGBA, depth: 8, planar: false, chromaShift: (0, 0), hasAlpha: true, packedBytes: 4)
        case .bgra:
            PixelLayout(libav: AV_PIX_FMT_BGRA, depth: 8, planar: false, chromaShift: (0, 0), hasAlpha: true, packedBytes: 4)
        case .pal8:
            PixelLayout(libav: AV_PIX_FMT_PAL8, depth: 8, planar: false, chromaShift: (0, 0), hasAlpha: true, packedBytes: 1)
        }
    }

    /// libavutil's identifier for the layout.
    var libavFormat: AVPixelFormat { layout.libav }

    /// Whether the layout keeps transparency.
    public var hasAlpha: Bool { layout.hasAlpha }

    /// Whether samples have more than 8 bits.
    public var isHighBitDepth: Bool { layout.depth > 8 }
}
