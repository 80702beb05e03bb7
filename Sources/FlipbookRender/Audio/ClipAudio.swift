import FlipbookAnimation
import FlipbookAudio
import FlipbookVideo
import Foundation

/// What happens to a render's sound: the track an output carries, or why it carries none.
struct ClipAudio {
    /// The track to encode, or `nil`.
    var track: AudioTrack?
    /// What the summary says about the sound: its codec and loudness, or that it was left out.
    var note: String?
    /// Seconds spent mixing and mastering.
    var mixTime: TimeInterval = 0

    /// The sound of `frames` (the timeline's frames drawn; the packets of `kept`, in presentation
    /// timestamps, when a part is encoded with frames around it) for an output in `format`.
    ///
    /// The whole timeline is mixed and mastered (loudness is a property of the whole clip, and the
    /// limiter's gain must not depend on where a part starts), then the written frames' samples are
    /// cut out, so a part's sound is exactly that stretch of a single render's.
    init(timeline: Timeline, frames: ClosedRange<Int>, timestampOffset: Int, kept: ClosedRange<Int>?,
         format: OutputFormat, options: VideoOptions) throws {
        guard timeline.hasAudio else { return }
        let container = format.container.capabilities
        guard options.audio else {
            note = "left out (--no-audio)"
            return
        }
        guard let codec = try format.container.audioCodec(options.audioCodec) else {
            note = "left out: \(container.displayName) carries no audio"
            return
        }
        let started = DispatchTime.now().uptimeNanoseconds
        guard let mix = try timeline.mixAudio() else { return }
        let written = kept ?? timestampOffset...(timestampOffset + frames.count - 1)
        let shift = frames.lowerBound - timestampOffset
        let timelineFrames = (written.lowerBound + shift)...(written.upperBound + shift)
        track = AudioTrack(samples: mix.samples(ofFrames: timelineFrames, fps: timeline.fps),
                           firstSample: AudioSamples.frame(ofVideoFrame: written.lowerBound, fps: timeline.fps),
                           codec: codec, bitrate: options.audioBitrate ?? codec.defaultBitrate)
        let loudness = mix.loudness.isFinite ? String(format: "%.1f LUFS", mix.loudness) : "silent"
        note = "\(codec.displayName) \(formatBitrate(options.audioBitrate ?? codec.defaultBitrate)), \(loudness)"
        mixTime = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }
}
