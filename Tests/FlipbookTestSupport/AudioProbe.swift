import CFFmpeg
import FlipbookAudio
import Foundation

/// What libavformat says about an output's streams: the audio codec, rate, channels, and the
/// durations of the video and audio streams in seconds.
public struct AudioStreamInfo: Sendable {
    public var codec: String
    public var sampleRate: Int
    public var channels: Int
    public var videoDuration: Double?
}

/// Opens `url` with libavformat and describes its audio stream; `nil` when it has none.
public func probeAudio(_ url: URL) throws -> AudioStreamInfo? {
    var context: UnsafeMutablePointer<AVFormatContext>? = nil
    let opened = avformat_open_input(&context, url.path, nil, nil)
    if opened < 0 { throw TestDecodeError(description: "opening \(url.path): \(libavErrorText(opened))") }
    defer { avformat_close_input(&context) }
    let info = avformat_find_stream_info(context, nil)
    if info < 0 { throw TestDecodeError(description: "reading \(url.path): \(libavErrorText(info))") }
    guard let format = context else { return nil }
    var audio: AudioStreamInfo?
    var videoDuration: Double?
    for index in 0..<Int(format.pointee.nb_streams) {
        guard let stream = format.pointee.streams[index], let parameters = stream.pointee.codecpar else { continue }
        if parameters.pointee.codec_type == AVMEDIA_TYPE_AUDIO {
            audio = AudioStreamInfo(codec: String(cString: avcodec_get_name(parameters.pointee.codec_id)),
                                    sampleRate: Int(parameters.pointee.sample_rate),
                                    channels: Int(parameters.pointee.ch_layout.nb_channels))
        } else if parameters.pointee.codec_type == AVMEDIA_TYPE_VIDEO, stream.pointee.duration > 0 {
            videoDuration = Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base)
        }
    }
    audio?.videoDuration = videoDuration
    return audio
}

/// The sound of an output as a player presents it (priming and pre-skip removed), decoded by
/// libavformat and libavcodec.
public func decodedSound(_ url: URL) throws -> AudioSamples {
    try AudioFile.decode(contentsOf: url)
}

/// The first frame whose sample exceeds `threshold` (linear) in either channel at or after `from`.
public func onset(in samples: AudioSamples, from: Int = 0, threshold: Float = 0.01) -> Int? {
    var frame = max(0, from)
    while frame < samples.frameCount {
        if abs(samples.interleaved[2 * frame]) > threshold || abs(samples.interleaved[2 * frame + 1]) > threshold { return frame }
        frame += 1
    }
    return nil
}
