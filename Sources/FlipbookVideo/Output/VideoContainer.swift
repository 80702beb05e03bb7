import FlipbookCore
import Foundation

/// The file format a clip is written in, picked from the output's name.
///
/// Like libavformat's own muxer list, each container is one row of a table (``capabilities``): its
/// extensions, its libavformat muxer, its default codec and the codecs it can hold.
public enum VideoContainer: String, Sendable, Codable, CaseIterable {
    /// MPEG-4 (`.mp4`, `.m4v`): H.264 by default, or HEVC (tagged `hvc1`) or AV1. No alpha.
    case mp4
    /// QuickTime (`.mov`): ProRes 4444 with alpha by default; H.264 and HEVC also allowed.
    case mov
    /// WebM (`.webm`): VP9 by default (with alpha), or AV1.
    case webm
    /// Matroska (`.mkv`): H.264 by default; holds any of the video codecs.
    case mkv
    /// Animated GIF (`.gif`).
    case gif
    /// Animated PNG (`.apng`).
    case apng
    /// Animated WebP (`.webp`).
    case webp
    /// One PNG per frame, named by a pattern with `%05d` (or `%d`, `%03d`, …), e.g. `frame-%05d.png`.
    case pngSequence

    /// One row of the container table.
    public struct Capabilities: Sendable {
        /// The file name extensions (lowercase, without the dot) that pick this container.
        public var extensions: [String]
        /// libavformat's muxer name, or `nil` when Flipbook writes the files itself.
        public var muxerName: String?
        /// The name people know the format by, for messages.
        public var displayName: String
        /// The codec used when none is chosen.
        public var defaultCodec: VideoCodec
        /// The codecs the container can hold, the default first.
        public var codecs: [VideoCodec]
        /// The codecs whose transparency the container keeps.
        public var alphaCodecs: [VideoCodec]
        /// Whether the `moov` index can be moved to the front (``VideoOptions/faststart``).
        public var hasFaststart: Bool
        /// The muxer option that sets how often an animation plays, and the value meaning "forever".
        public var loopOption: (name: String, forever: Int)?
        /// The audio codecs it holds, its default first; none for a format without sound (GIF,
        /// APNG, WebP, PNG sequences), which writes the picture alone.
        public var audioCodecs: [AudioCodec] = []

        /// Whether parts rendered apart can be joined by copying their packets (``concat(_:to:)``):
        /// clips whose frames depend on others do; animations, whose frames are re-encoded against
        /// one palette or canvas, and image sequences (already separate files) do not.
        public var joinsByRemuxing: Bool { loopOption == nil && muxerName != nil }
    }

    /// The containers whose parts ``concat(_:to:)`` joins, for messages: "MP4, MOV, WebM or Matroska".
    public static var joinableNames: String {
        let names = allCases.filter(\.capabilities.joinsByRemuxing).map(\.capabilities.displayName)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// The container table.
    public var capabilities: Capabilities {
        switch self {
        case .mp4:
            Capabilities(extensions: ["mp4", "m4v"], muxerName: "mp4", displayName: "MP4", defaultCodec: .h264,
                         codecs: [.h264, .hevc, .av1], alphaCodecs: [], hasFaststart: true, loopOption: nil,
                         audioCodecs: [.aac])
        case .mov:
            Capabilities(extensions: ["mov"], muxerName: "mov", displayName: "MOV", defaultCodec: .prores,
                         codecs: [.prores, .h264, .hevc], alphaCodecs: [.prores], hasFaststart: true, loopOption: nil,
                         audioCodecs: [.aac])
        case .webm:
            Capabilities(extensions: ["webm"], muxerName: "webm", displayName: "WebM", defaultCodec: .vp9,
                         codecs: [.vp9, .av1], alphaCodecs: [.vp9], hasFaststart: false, loopOption: nil,
                         audioCodecs: [.opus])
        case .mkv:
            Capabilities(extensions: ["mkv"], muxerName: "matroska", displayName: "Matroska", defaultCodec: .h264,
                         codecs: [.h264, .hevc, .vp9, .av1, .prores], alphaCodecs: [.vp9, .prores],
                         hasFaststart: false, loopOption: nil, audioCodecs: [.opus, .aac])
        case .gif:
            // The GIF muxer's `loop`: 0 loops forever, -1 plays once.
            Capabilities(extensions: ["gif"], muxerName: "gif", displayName: "GIF", defaultCodec: .gif,
                         codecs: [.gif], alphaCodecs: [.gif], hasFaststart: false, loopOption: ("loop", 0))
        case .apng:
            // The APNG muxer's `plays`: how many times it plays, 0 forever.
            Capabilities(extensions: ["apng"], muxerName: "apng", displayName: "APNG", defaultCodec: .apng,
                         codecs: [.apng], alphaCodecs: [.apng], hasFaststart: false, loopOption: ("plays", 0))
        case .webp:
            // The WebP muxer's `loop`: 0 loops forever (its default, 1, plays once).
            Capabilities(extensions: ["webp"], muxerName: "webp", displayName: "WebP", defaultCodec: .webp,
                         codecs: [.webp], alphaCodecs: [.webp], hasFaststart: false, loopOption: ("loop", 0))
        case .pngSequence:
            Capabilities(extensions: ["png"], muxerName: nil, displayName: "PNG sequence", defaultCodec: .png,
                         codecs: [.png], alphaCodecs: [.png], hasFaststart: false, loopOption: nil)
        }
    }

    /// The containers that can keep transparency, by extension, for messages.
    public static var alphaFormatNames: String {
        allCases.filter { !$0.capabilities.alphaCodecs.isEmpty }.map { container in
            let c = container.capabilities
            return "\(container.displayName(short: false)) (\(c.alphaCodecs.map(\.capabilities.displayName).joined(separator: ", ")))"
        }.joined(separator: ", ")
    }

    /// The container an output name asks for: by extension, and a PNG sequence when a `.png` name
    /// holds a `%d`-style frame number.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) for an unknown extension or a single `.png`,
    ///   naming the extensions that work.
    public init(for url: URL) throws {
        try self.init(fileExtension: url.pathExtension.lowercased(), fileName: url.lastPathComponent)
    }

    /// The container for a name whose extension (lowercase, without the dot) was already read.
    public init(fileExtension ext: String, fileName: String) throws {
        let known = Self.allCases.flatMap(\.capabilities.extensions)
        guard let container = Self.allCases.first(where: { $0.capabilities.extensions.contains(ext) }) else {
            throw FlipbookError(
                invalid: "The output name",
                "must end in one of " + known.map { "." + $0 }.joined(separator: ", ")
                    + " (a PNG sequence is a name with %05d, e.g. frame-%05d.png); it is \"\(fileName)\".",
                at: .init(keyPath: "output"))
        }
        if container == .pngSequence, FrameNumberPattern(fileName) == nil {
            throw FlipbookError(
                invalid: "The output name",
                "of a PNG sequence must hold the frame number as %05d (or %d, %03d, …), e.g. frame-%05d.png; "
                    + "it is \"\(fileName)\". A single frame is a still, not a clip.",
                at: .init(keyPath: "output"))
        }
        self = container
    }

    /// The codec to write: `requested`, or the container's default; an error names the codecs the
    /// container holds when `requested` is not one of them.
    public func codec(_ requested: VideoCodec?) throws -> VideoCodec {
        let table = capabilities
        guard let requested else { return table.defaultCodec }
        guard table.codecs.contains(requested) else {
            let holders = Self.allCases.filter { $0.capabilities.codecs.contains(requested) }
            throw FlipbookError(
                invalid: "codec",
                "\(requested.rawValue) cannot be written in \(table.displayName), which holds "
                    + table.codecs.map(\.rawValue).joined(separator: ", ") + "; "
                    + "\(requested.rawValue) goes in " + holders.map(\.capabilities.displayName).joined(separator: ", ") + ".",
                at: .init(keyPath: "codec"))
        }
        return requested
    }
}
