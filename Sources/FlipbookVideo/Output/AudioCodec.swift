import CFFmpeg
import FlipbookCore
import Foundation

/// The audio codecs Flipbook writes, each one row: its libavcodec encoder and default bit rate.
/// The containers that hold each list it (``VideoContainer/Capabilities/audioCodecs``).
public enum AudioCodec: String, Sendable, Codable, CaseIterable, Hashable {
    /// AAC-LC by FFmpeg's own encoder: MP4, MOV, Matroska. In MP4 and MOV its 1024 samples of
    /// priming are cut by an edit list; Matroska keeps them at negative timestamps, before the picture.
    case aac
    /// Opus by libopus: WebM, Matroska (its default there), its pre-skip signalled as the track's codec delay.
    case opus

    /// The bit rates accepted, in bits per second.
    public static let bitrateRange = 32_000...512_000

    /// The libavcodec encoder.
    public var encoderName: String {
        switch self {
        case .aac: "aac"
        case .opus: "libopus"
        }
    }

    /// The bit rate used when none is given, in bits per second.
    public var defaultBitrate: Int {
        switch self {
        case .aac: 192_000
        case .opus: 160_000
        }
    }

    /// The name in messages.
    public var displayName: String {
        switch self {
        case .aac: "AAC"
        case .opus: "Opus"
        }
    }
}

extension VideoContainer {
    /// The audio codec `options` ask for in this container: the asked one, checked, or the
    /// container's default; `nil` when the container holds no audio.
    ///
    /// - Throws: ``FlipbookError`` (invalid input, key `audioCodec`) for a codec the container cannot hold.
    public func audioCodec(_ requested: AudioCodec?) throws -> AudioCodec? {
        let codecs = capabilities.audioCodecs
        guard let requested else { return codecs.first }
        guard codecs.contains(requested) || codecs.isEmpty else {
            let holders = Self.allCases.filter { $0.capabilities.audioCodecs.contains(requested) }
            throw FlipbookError(
                invalid: Setting.audioCodec.key,
                "\(requested.rawValue) cannot be written in \(capabilities.displayName), which holds "
                    + codecs.map(\.rawValue).joined(separator: ", ") + " audio; \(requested.rawValue) goes in "
                    + holders.map(\.capabilities.displayName).joined(separator: ", ") + ".",
                at: .init(keyPath: Setting.audioCodec.key))
        }
        return codecs.isEmpty ? nil : requested
    }
}
