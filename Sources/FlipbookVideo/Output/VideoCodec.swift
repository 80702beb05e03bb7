import FlipbookCore
import Foundation

/// The codec of an encoded clip or image sequence.
///
/// What each codec can do (its encoder, pixel formats, alpha, size limits, quality scale) is one row
/// of ``capabilities``; everything else reads that table.
public enum VideoCodec: String, Sendable, Codable, CaseIterable {
    /// H.264 / AVC through libx264: plays on every phone, browser and editor.
    case h264
    /// H.265 / HEVC through libx265, tagged `hvc1` in MP4 and MOV so QuickTime and Safari play it.
    case hevc
    /// VP9 through libvpx: the web's open codec, with alpha (`yuva420p`) in WebM.
    case vp9
    /// AV1 through libaom: the smallest files, slow to encode.
    case av1
    /// Apple ProRes through prores_ks: 4444 with alpha, or 422 HQ when opaque; for editors.
    case prores
    /// GIF: 256 colours from a palette built from the clip, 1-bit transparency.
    case gif
    /// PNG: one lossless image per frame (image sequences).
    case png
    /// Animated PNG: lossless, full alpha.
    case apng
    /// Animated WebP through libwebp (lossless), full alpha.
    case webp

    /// One row of the codec table.
    public struct Capabilities: Sendable {
        /// The libavcodec encoder's name.
        public var encoderName: String
        /// The name people know the codec by, for messages.
        public var displayName: String
        /// The pixel formats the encoder accepts, the default opaque one first.
        public var pixelFormats: [PixelFormat]
        /// The format used when transparency is kept, or `nil` when the codec has no alpha.
        public var alphaFormat: PixelFormat?
        /// The largest picture, in 16×16 blocks, and the longest side in pixels.
        public var frameLimits: (macroblocks: Int, side: Int)
        /// Whether ``VideoOptions/preset`` (x264's preset names) applies: x264 and x265 have those
        /// presets; libvpx and libaom translate them to their own speeds (``X264Preset``).
        public var hasPreset: Bool
        /// The smallest picture the encoder takes safely, in pixels.
        public var minimumSize = (width: 1, height: 1)
        /// Whether ``VideoOptions/keyframeInterval`` applies: codecs whose frames all stand alone
        /// (ProRes, GIF, PNG, APNG, WebP) have none.
        public var hasKeyframeInterval = false
        /// Whether ``VideoOptions/lookahead`` applies (x264's `rc-lookahead`).
        public var hasLookahead = false
        /// Whether ``VideoOptions/maxBitrate`` applies (a VBV cap).
        public var hasMaxBitrate = false
        /// Whether ``VideoOptions/encoderThreads`` applies: the encoder runs threads of its own.
        public var hasThreads = false

        /// The opaque default pixel format.
        public var opaqueFormat: PixelFormat { pixelFormats[0] }
        /// Whether any of the codec's formats carries alpha.
        public var hasAlpha: Bool { alphaFormat != nil }
        /// Whether the codec has a format with more than 8 bits per sample.
        public var hasHighBitDepth: Bool { pixelFormats.contains(where: \.isHighBitDepth) }
    }

    /// The codec table.
    public var capabilities: Capabilities {
        switch self {
        case .h264:
            // H.264 level 6.2: 139264 macroblocks (8192×4320); x264 refuses more than 16384 a side.
            Capabilities(encoderName: "libx264", displayName: "H.264", pixelFormats: [.yuv420p], alphaFormat: nil,
                         frameLimits: (139_264, 16_384), hasPreset: true,
                         hasKeyframeInterval: true, hasLookahead: true, hasMaxBitrate: true, hasThreads: true)
        case .hevc:
            // HEVC level 6.2: 35,651,584 luma samples (139264 blocks of 16×16).
            // libx265 3.5 (Debian 12) writes past its lookahead's buffers on pictures narrower than
            // about 56 pixels (valgrind: 36×34, 48×48, 34×64, 40×100; 40×30 aborts with a corrupt
            // heap), and refuses a few rows itself; 64×32 and up encoded cleanly.
            Capabilities(encoderName: "libx265", displayName: "HEVC", pixelFormats: [.yuv420p, .yuv420p10le],
                         alphaFormat: nil, frameLimits: (139_264, 16_384), hasPreset: true,
                         minimumSize: (64, 32), hasKeyframeInterval: true, hasMaxBitrate: true, hasThreads: true)
        case .vp9:
            Capabilities(encoderName: "libvpx-vp9", displayName: "VP9",
                         pixelFormats: [.yuv420p, .yuva420p, .yuv420p10le], alphaFormat: .yuva420p,
                         frameLimits: (1_048_576, 16_384), hasPreset: true,
                         hasKeyframeInterval: true, hasThreads: true)
        case .av1:
            Capabilities(encoderName: "libaom-av1", displayName: "AV1", pixelFormats: [.yuv420p, .yuv420p10le],
                         alphaFormat: nil, frameLimits: (1_048_576, 16_384), hasPreset: true,
                         hasKeyframeInterval: true, hasThreads: true)
        case .prores:
            Capabilities(encoderName: "prores_ks", displayName: "ProRes", pixelFormats: [.yuv422p10le, .yuva444p10le],
                         alphaFormat: .yuva444p10le, frameLimits: (262_144, 8_192), hasPreset: false,
                         hasThreads: true)
        case .gif:
            Capabilities(encoderName: "gif", displayName: "GIF", pixelFormats: [.pal8], alphaFormat: .pal8,
                         frameLimits: (16_777_216, 65_535), hasPreset: false)
        case .png:
            Capabilities(encoderName: "png", displayName: "PNG", pixelFormats: [.rgba], alphaFormat: .rgba,
                         frameLimits: (16_777_216, 65_535), hasPreset: false)
        case .apng:
            Capabilities(encoderName: "apng", displayName: "APNG", pixelFormats: [.rgba], alphaFormat: .rgba,
                         frameLimits: (16_777_216, 65_535), hasPreset: false)
        case .webp:
            // WebP pictures are at most 16383 pixels a side.
            Capabilities(encoderName: "libwebp_anim", displayName: "WebP", pixelFormats: [.bgra], alphaFormat: .bgra,
                         frameLimits: (1_048_576, 16_383), hasPreset: false)
        }
    }

    /// The libavcodec encoder that writes this codec.
    package var encoderName: String { capabilities.encoderName }

    /// The largest picture the codec allows, in 16×16 blocks, and the longest side in pixels.
    package var frameLimits: (macroblocks: Int, side: Int) { capabilities.frameLimits }

    /// Whether the codec stores 4:2:0 chroma, which needs even sides (odd ones are padded).
    package var padsToEven: Bool { capabilities.pixelFormats.allSatisfy { $0.layout.chromaShift == (1, 1) } }

    /// The codecs that have a setting, by their `--codec` names: those whose row says `has`.
    public static func names(having has: (Capabilities) -> Bool) -> [String] {
        allCases.filter { has($0.capabilities) }.map(\.rawValue)
    }

    /// Refuses a value of `options` outside this codec's own range, for the settings whose range
    /// differs by codec (``Setting/codecRanges``); a codec without the setting refuses it as a
    /// setting it has not (``OutputFormat``).
    func checkRanges(of options: VideoOptions) throws {
        for row in Setting.encoderSettings where !row.codecRanges.isEmpty {
            guard let value = row.field?.value(Int.self, in: options) else { continue }
            try row.checkCodecRange(of: value, codec: rawValue, displayName: capabilities.displayName)
        }
    }

    /// The codecs whose encoders keep transparency.
    public static var withAlpha: [VideoCodec] { allCases.filter { $0.capabilities.hasAlpha } }

    /// Checks that a `width × height` picture can be encoded, naming the limit it breaks. Odd sizes
    /// are fine: 4:2:0 pictures are padded by one repeated row or column.
    public func checkFrameSize(width: Int, height: Int) throws {
        let limits = frameLimits
        let minimum = capabilities.minimumSize
        if width < minimum.width || height < minimum.height, width >= 1, height >= 1 {
            throw FlipbookError(
                invalid: "The frame size",
                "must be at least \(minimum.width)×\(minimum.height) pixels for \(capabilities.displayName); it is "
                    + "\(width)×\(height). Codecs for smaller pictures: "
                    + Self.allCases.filter { $0.capabilities.minimumSize == (1, 1) }.map(\.rawValue).joined(separator: ", ") + ".",
                at: .init(keyPath: "size"))
        }
        let macroblocks = ((width + 15) / 16) * ((height + 15) / 16)
        guard width >= 1, height >= 1, width <= limits.side, height <= limits.side,
              macroblocks <= limits.macroblocks else {
            let largest = self == .h264 || self == .hevc ? " (8192×4320 is the largest 16:9-ish size)" : ""
            throw FlipbookError(
                invalid: "The frame size",
                "must fit \(rawValue.uppercased())'s largest level: at most \(limits.side) pixels on a side and "
                    + "\(limits.macroblocks) macroblocks of 16×16 pixels in all\(largest); it is \(width)×\(height) "
                    + "(\(macroblocks) macroblocks).",
                at: .init(keyPath: "size"))
        }
    }
}
