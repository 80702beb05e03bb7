import CFFmpeg
import FlipbookCore
import Foundation

/// Audio files, decoded by libavformat and libavcodec and resampled by libswresample to
/// ``AudioSamples``' layout (Float32, 48 kHz, stereo).
///
/// Files are untrusted input to a large decoder: only the demuxers and decoders of WAV, FLAC, MP3,
/// AAC/M4A and Ogg (Opus, Vorbis) are allowed, libavformat probes at most
/// ``probeBytes`` bytes, and a file longer than ``maximumDuration`` is refused. A decoding error in
/// the middle of a file is an error, never silence.
public enum AudioFile {
    /// The longest file decoded, in seconds (one hour: 1.4 GB of samples).
    public static let maximumDuration: TimeInterval = 3_600
    /// The sample rates accepted, in hertz.
    public static let sampleRateLimits = 8_000...384_000
    /// The most channels accepted.
    public static let maximumChannels = 32
    /// The bytes libavformat may read to find the format and its streams.
    public static let probeBytes = 1 << 20

    /// The demuxers allowed (libavformat's names; `mov` is MP4/M4A, `matroska` WebM/MKV audio).
    static let formatWhitelist = "wav,w64,flac,mp3,aac,mov,ogg,matroska,webm"
    /// The decoders allowed (libavcodec's names).
    static let codecWhitelist = [
        "pcm_s16le", "pcm_s16be", "pcm_s24le", "pcm_s24be", "pcm_s32le", "pcm_s32be", "pcm_u8", "pcm_s8",
        "pcm_f32le", "pcm_f32be", "pcm_f64le", "pcm_f64be", "pcm_alaw", "pcm_mulaw",
        "flac", "mp3float", "mp3", "aac", "aac_fixed", "opus", "libopus", "vorbis", "alac",
    ].joined(separator: ",")

    /// The samples of the file at `url`, resampled to 48 kHz stereo Float32.
    ///
    /// - Parameter keyPath: The key that named the file (`layers[2].src`), for messages; empty in Swift.
    /// - Throws: ``FlipbookError`` (invalid input, at `keyPath`) naming the file and the reason: missing,
    ///   unreadable, not an allowed audio format, no audio stream, an absurd sample rate or channel
    ///   count, too long, or the decoder's own reason for a damaged file.
    public static func decode(contentsOf url: URL, keyPath: String = "") throws -> AudioSamples {
        try decode(contentsOf: url, keyPath: keyPath, besideVideo: nil)
    }

    /// The sound of a video file: as ``decode(contentsOf:keyPath:)``, with `videoDecoders` (libavcodec's
    /// names, comma-separated) allowed while the demuxer probes the file's other streams, and its
    /// demuxers `videoFormats`; the sound itself is still decoded only by the audio decoders above.
    package static func decode(contentsOf url: URL, keyPath: String, besideVideo: (formats: String, decoders: String)?) throws
        -> AudioSamples {
        let problem = AudioFileProblem(url: url, keyPath: keyPath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw problem.error("does not exist")
        }
        guard !isDirectory.boolValue else { throw problem.error("is a folder") }
        guard FileManager.default.isReadableFile(atPath: url.path) else { throw problem.error("cannot be read (permission denied)") }
        quietAudioLogging()
        let input = try AudioInput(url: url, problem: problem, besideVideo: besideVideo)
        return try input.decodeAll(problem: problem)
    }
}

/// Builds the one kind of message every failure to read an audio file gets.
struct AudioFileProblem {
    let url: URL
    let keyPath: String

    /// "`layers[0].src` names loop.wav, which <reason>." (or "The audio file … <reason>." in Swift).
    func error(_ reason: String) -> FlipbookError {
        if keyPath.isEmpty {
            return FlipbookError(invalid: "The audio file \(url.path)", reason + ".")
        }
        return FlipbookError(invalid: keyPath, "names \(url.path), which \(reason).", at: .init(keyPath: keyPath))
    }

    /// The error for a failed libav call: what was being done and libav's reason.
    func libav(_ status: Int32, _ doing: String) -> FlipbookError {
        error("cannot be decoded: \(doing) failed (\(libavErrorText(status)))")
    }
}

/// Keeps libav's informational lines off stderr unless the host program chose a log level.
func quietAudioLogging() {
    if av_log_get_level() == AV_LOG_INFO { av_log_set_level(AV_LOG_ERROR) }
}
