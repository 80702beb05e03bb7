import FlipbookAnimation
import FlipbookAudio
import FlipbookVideo
import Foundation

/// What happens to a render's sound: the track an output carries, or why it carries none.
struct ClipAudio {
    /// The track to encode, or `nil`; turned down where its decoded peak would pass the ceiling on
    /// a thread of its own while the picture is drawn.
    var sound: PendingSound?
    /// What the summary says about the sound: its codec and loudness, or that it was left out.
    var note: String?
    /// Seconds spent mixing and mastering, before the picture starts.
    private var mixTime: TimeInterval = 0

    /// Seconds spent mixing, mastering and keeping the decoded peak under the ceiling, once the
    /// last is over.
    var totalTime: TimeInterval { mixTime + (sound?.preparationTime ?? 0) }

    /// The sound of `frames` (the timeline's frames drawn; the packets of `kept`, in presentation
    /// timestamps, when a part is encoded with frames around it) for an output in `format`.
    ///
    /// The whole timeline is mixed and mastered (loudness is a property of the whole clip, and the
    /// limiter's gain must not depend on where a part starts), then the written frames' samples are
    /// cut out, so a clip of some frames (`--frames A-B`) has exactly that stretch of the single
    /// render's mix.
    ///
    /// A `part` of a clip to be joined (`--chunk K/N`, its frames of the whole clip) instead encodes
    /// the whole mix from its first sample, as the single render does, and writes only the packets
    /// that start within its frames (``AudioTrack/writtenSamples``): an encoder's output depends on
    /// everything it was fed before (AAC's bit reservoir and rate control, Opus's predictors), so
    /// only an encoder fed the same samples from the same start gives the same packets. The joined
    /// chunks then carry the single render's audio packets, and decode to its samples exactly.
    ///
    /// The track is then turned down where its encoded sound, decoded again, would pass the limiter's
    /// ceiling (``AudioTrack/keepDecodedPeak(under:file:what:stopped:)``): the mix keeps −1 dBTP, and so does
    /// what a player decodes from `file`. That runs beside the picture (``PendingSound``); a mix
    /// that cannot be made stops the render before any frame is drawn. With `preparing` false the
    /// sound is only mixed, as that check, and ``sound`` is `nil`: a render of its own will make it.
    init(timeline: Timeline, frames: ClosedRange<Int>, timestampOffset: Int, kept: ClosedRange<Int>?,
         part: ClosedRange<Int>? = nil, format: OutputFormat, options: VideoOptions, file: URL,
         preparing: Bool = true) throws {
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
        let bitrate = options.audioBitrate ?? codec.defaultBitrate
        let track: AudioTrack
        if let part {
            let first = part.lowerBound == 0 ? Int.min : AudioSamples.frame(ofVideoFrame: part.lowerBound, fps: timeline.fps)
            let end = part.upperBound >= timeline.frameCount - 1
                ? Int.max : AudioSamples.frame(ofVideoFrame: part.upperBound + 1, fps: timeline.fps)
            track = AudioTrack(samples: mix.samples, firstSample: 0, codec: codec, bitrate: bitrate,
                               writtenSamples: first..<end)
        } else {
            let written = kept ?? timestampOffset...(timestampOffset + frames.count - 1)
            let shift = frames.lowerBound - timestampOffset
            let timelineFrames = (written.lowerBound + shift)...(written.upperBound + shift)
            track = AudioTrack(samples: mix.samples(ofFrames: timelineFrames, fps: timeline.fps),
                               firstSample: AudioSamples.frame(ofVideoFrame: written.lowerBound, fps: timeline.fps),
                               codec: codec, bitrate: bitrate)
        }
        if preparing {
            sound = PendingSound(preparing: track, under: TruePeakLimiter(), file: file, what: container.displayName)
        }
        let loudness = mix.loudness.isFinite ? String(format: "%.1f LUFS", mix.loudness) : "silent"
        note = "\(codec.displayName) \(formatBitrate(bitrate)), \(loudness)"
        mixTime = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }
}
