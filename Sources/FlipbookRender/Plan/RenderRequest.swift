import FlipbookCore
import FlipbookAnimation
import FlipbookDrawing
import FlipbookVideo
import FlipbookSceneFile
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
    /// The encoder's settings as given (``Setting/encoderSettings``, ``Setting/audioSettings``), each
    /// at its default until given; ``givenKeys`` says which were.
    public var encoding = VideoOptions()
    /// The speed/quality shortcut (`--quality`).
    public var quality: RenderQuality?
    /// Only these frames of a clip (`--frames`).
    public var frames: ClosedRange<Int>?
    /// One part of a clip rendered in parts (`--chunk`).
    public var chunk: Chunk?
    /// A still's moment in seconds (`--time`).
    public var time: TimeInterval?
    /// A still's frame (`--frame`), instead of ``time``.
    public var frame: Int?
    /// The folder a clip's segments are reused from and kept in (`--cache`), relative to the base directory.
    public var cache: String?
    /// The most bytes that folder holds (`--cache-limit`); ``SegmentCache/defaultLimit`` when `nil`.
    public var cacheLimit: Int?
    /// The keys of the settings given through ``set(_:to:)``: the quality shortcut leaves them as
    /// given, and the codec refuses them when it has no such setting.
    public private(set) var givenKeys: Set<String> = []
    /// Values whose messages show them as written (`--fps 29.5`).
    public private(set) var written = WrittenValues()

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

    /// Reads `input` as `setting`'s value into the request, through the row's field: the one
    /// reader behind flags, batch keys and the studio's controls.
    ///
    /// - Throws: the row's ``FlipbookError/mustBe(_:_:itIs:_:)`` for a value of the wrong form
    ///   (ranges are checked when the request is planned); an internal error for a row that no
    ///   request carries.
    public mutating func set(_ setting: Setting, to input: SettingInput) throws {
        guard let field = setting.field else {
            throw FlipbookError.internal("the setting \(setting.key) is read by its command, not by a request")
        }
        guard try field.read(input, as: setting, into: &encoding) || field.read(input, as: setting, into: &scene)
                || field.read(input, as: setting, into: &self) else {
            throw FlipbookError.internal("no request carries \(setting.key) (\(field.carrier))")
        }
        givenKeys.insert(setting.key)
        if let text = input.writtenText, let shown = field.shown(text) { written.byKey[setting.key] = shown }
    }

    /// The encoder options asked for, checked (``VideoOptions/validate()``); the codec's own checks
    /// come with the plan.
    func videoOptions(transparent: Bool) throws -> VideoOptions {
        var options = encoding
        options.alpha = transparent ? true : nil
        try options.validate()
        return options
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
        let kind = try OutputKind(url: url, container: encoding.container, expected: expected)
        var timeline = try scene.makeTimeline(relativeTo: directory)
        switch kind {
        case .still(let format):
            let moment = try stillTime(in: timeline)
            // The same check, and message, as a PNG sequence's.
            _ = try VideoOptions(pngCompression: encoding.pngCompression)
            var plan = OutputPlan(destination: url, kind: kind, timeline: timeline, frames: nil, still: (format, moment))
            plan.pngCompression = encoding.pngCompression ?? Bitmap.defaultPNGCompression
            return plan
        case .clip(let container):
            timeline = (quality ?? .standard).applied(to: timeline)
            var options = try videoOptions(transparent: timeline.background == .clear)
                .forTimeline(background: timeline.background)
            let format = try OutputFormat(container: container, options: options)
            if options.audio { _ = try container.audioCodec(options.audioCodec) }
            options = (quality ?? .standard).applied(to: options, codec: format.codec, given: givenKeys)
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
            if let cache, plan.part == nil {
                let folder = URL(fileURLWithPath: cache, relativeTo: directory)
                try SegmentCache.checkFolder(folder)
                plan.caching = SegmentCaching(
                    cache: SegmentCache(directory: folder, limit: cacheLimit ?? SegmentCache.defaultLimit),
                    identity: try SegmentIdentity(file: try scene.sceneFile(relativeTo: directory), quality: quality ?? .standard,
                                                  plan: plan))
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

/// Values as the user wrote them, by key, for messages (`--fps 29.5` rather than `59/2`). How a
/// value was written does not change what a request asks for, so any two compare equal.
public struct WrittenValues: Sendable, Equatable {
    /// The values by key.
    public var byKey: [String: String] = [:]

    public static func == (a: WrittenValues, b: WrittenValues) -> Bool { true }
}
