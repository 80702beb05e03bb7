import FlipbookCore
import FlipbookAnimation
import FlipbookDrawing
import FlipbookVideo
import Foundation

/// Everything a person asks of one output, as the command line and a batch job both say it: the
/// scene and its overrides, the output's name, the encoder settings and the frames or moment.
///
/// ``plan(relativeTo:expecting:)`` is the one path from such a request to an ``OutputPlan``: the
/// command line and the batch runner both take it, so the same mistake gets the same message.
/// Every value is `nil` when not given; its default is the setting's (``Setting``).
public struct RenderRequest: Sendable, Equatable {
    /// The scene and its timeline overrides.
    public var scene: SceneRequest
    /// The file to write (`{chunk}` is replaced by the chunk's number), relative to the base directory.
    public var output: String
    /// The codec (`--codec`).
    public var codec: VideoCodec?
    /// The container (`--format`).
    public var container: VideoContainer?
    /// The encoded pixel format (`--pixel-format`).
    public var pixelFormat: PixelFormat?
    /// The constant rate factor (`--crf`).
    public var crf: Int?
    /// The preset's name (`--preset`).
    public var preset: String?
    /// x264's lookahead in frames (`--lookahead`).
    public var lookahead: Int?
    /// The longest seconds between keyframes (`--keyint`).
    public var keyframeInterval: TimeInterval?
    /// The bit rate cap in bits per second (`--max-bitrate`).
    public var maxBitrate: Int?
    /// The level to hold the stream to (`--level`).
    public var level: String?
    /// The encoder's threads (`--threads`): ``VideoOptions/automaticEncoderThreads`` for `auto`.
    public var encoderThreads: Int?
    /// Repeats of an animation (`--loop`).
    public var loop: Int?
    /// The speed/quality shortcut (`--quality`).
    public var quality: RenderQuality?
    /// Only these frames of a clip (`--frames`).
    public var frames: ClosedRange<Int>?
    /// One part of a clip rendered in parts (`--chunk`).
    public var chunk: Chunk?
    /// A still's moment in seconds (`--time`).
    public var time: TimeInterval?
    /// A PNG's compression level (`--png-compression`), zlib's 0…9: a still's or a PNG sequence's.
    public var pngCompression: Int?
    /// A still's frame (`--frame`), instead of ``time``.
    public var frame: Int?
    /// The sound's codec (`--audio-codec`).
    public var audioCodec: AudioCodec?
    /// The sound's bit rate in bits per second (`--audio-bitrate`).
    public var audioBitrate: Int?
    /// Leave the sound out (`--no-audio`).
    public var noAudio = false

    /// A request for `output` from `scene`; set the other values as needed.
    public init(scene: SceneRequest, output: String) {
        self.scene = scene
        self.output = output
    }

    /// The output file: `{chunk}` replaced, relative paths resolved against `directory`.
    public func outputURL(relativeTo directory: URL? = nil) -> URL {
        let name = chunk?.fileName(output) ?? output
        return URL(fileURLWithPath: name, relativeTo: directory).standardizedFileURL
    }

    /// The encoder options asked for, checked (``VideoOptions/validate()``); the codec's own checks
    /// come with the plan.
    func videoOptions(transparent: Bool) throws -> VideoOptions {
        let defaults = VideoOptions()
        return try VideoOptions(
            codec: codec, container: container, crf: crf ?? defaults.crf, preset: preset ?? defaults.preset,
            pixelFormat: pixelFormat, alpha: transparent ? true : nil, loop: loop,
            keyframeInterval: keyframeInterval, encoderThreads: encoderThreads, lookahead: lookahead,
            maxBitrate: maxBitrate, level: level, pngCompression: pngCompression, audioCodec: audioCodec,
            audioBitrate: audioBitrate, audio: !noAudio)
    }

    /// Resolves the request, before anything is drawn, into the plan of its output: the output's
    /// kind (read from its name once), the timeline, the encoder's settings for the codec, the
    /// frames, and the codec's size limits.
    ///
    /// A background written `transparent` (``Color/clear``) asks for alpha: an output without it is
    /// an error naming the formats that have it. Errors keep the key path of the value
    /// (`crf`, `output`), or name the scene file a value came from.
    public func plan(relativeTo directory: URL? = nil, expecting expected: OutputKind.Expected = .either) throws -> OutputPlan {
        let url = outputURL(relativeTo: directory)
        let kind = try OutputKind(url: url, container: container, expected: expected)
        var timeline = try scene.makeTimeline(relativeTo: directory)
        switch kind {
        case .still(let format):
            let moment = try stillTime(in: timeline)
            // The same check, and message, as a PNG sequence's.
            _ = try VideoOptions(pngCompression: pngCompression)
            var plan = OutputPlan(destination: url, kind: kind, timeline: timeline, frames: nil, still: (format, moment))
            plan.pngCompression = pngCompression ?? Bitmap.defaultPNGCompression
            return plan
        case .clip(let container):
            timeline = (quality ?? .standard).applied(to: timeline)
            var options = try videoOptions(transparent: timeline.background == .clear)
                .forTimeline(background: timeline.background)
            let format = try OutputFormat(container: container, options: options)
            if !noAudio { _ = try container.audioCodec(audioCodec) }
            options = (quality ?? .standard).applied(to: options, codec: format.codec, presetGiven: preset != nil,
                                                      crfGiven: crf != nil)
            do {
                try format.codec.checkFrameSize(width: timeline.pixelWidth, height: timeline.pixelHeight)
            } catch let error as FlipbookError {
                throw scene.placed(error, relativeTo: directory)
            }
            var rateNote: String?
            if frames == nil, chunk == nil { (timeline, rateNote) = timelineForGIF(timeline, format: format) }
            let written = try checkedFrames(frames, of: timeline, output: url)
            var plan = OutputPlan(destination: url, kind: kind, timeline: timeline, frames: written, still: nil)
            plan.format = format
            plan.options = options
            plan.rateNote = rateNote
            if let chunk {
                try checkJoinable(format)
                let gop = format.codec.capabilities.hasKeyframeInterval ? options.gopLength(fps: timeline.fps) : nil
                plan.part = try ClipPart(chunk, of: timeline, groupOfPictures: gop, scene: try chunkIdentity(relativeTo: directory))
            }
            return plan
        }
    }

    /// A still's moment: ``time``, or ``frame``'s exact start; inside the clip.
    func stillTime(in timeline: Timeline) throws -> TimeInterval {
        guard let frame else {
            try checkStillTime(time ?? 0, in: timeline)
            return time ?? 0
        }
        guard time == nil else {
            throw FlipbookError(invalid: "frame", "and --time both say which moment to draw; give one of them.",
                                at: .init(keyPath: "frame"))
        }
        guard (0..<timeline.frameCount).contains(frame) else {
            throw FlipbookError.mustBe(
                "frame", "between 0 and \(timeline.frameCount - 1): the clip has \(timeline.frameCount) frames "
                    + "(\(formatNumber(timeline.duration)) s at \(timeline.fps) fps)", itIs: String(frame))
        }
        return timeline.time(ofFrame: frame)
    }

    /// What a chunk records as its scene: the scene file as rendered (with every override) and the
    /// drawing quality, so chunks of one clip agree wherever they run.
    func chunkIdentity(relativeTo directory: URL?) throws -> String {
        let file = try scene.sceneFile(relativeTo: directory)
        return String(decoding: try file.jsonData(), as: UTF8.self) + "quality: \((quality ?? .standard).rawValue)\n"
    }
}
