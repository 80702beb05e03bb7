import FlipbookCore
import FlipbookDrawing
import FlipbookAnimation
import FlipbookVideo
import Foundation

/// A part of a clip to render on its own and join later with ``concat(_:to:)``: a range of the
/// whole clip's frames whose timestamps continue the whole clip's, starting on a keyframe (each
/// part is its own closed group of pictures), with a ``ChunkRecord`` in its metadata.
///
/// Make one from a ``Chunk`` (``init(_:of:groupOfPictures:scene:)``, or let
/// ``render(_:chunk:to:options:scene:workers:cancellation:progress:)`` make it), or from any frame
/// range when a service hands out ranges its own way (``init(frames:scene:)``).
public struct ClipPart: Sendable, Hashable {
    /// The whole clip's frames this part holds, inclusive and zero-based.
    public var frames: ClosedRange<Int>
    /// The chunk it is, when it is one of N (recorded, and named in ``concat(_:to:)``'s messages).
    public var chunk: Chunk?
    /// What identifies the scene, digested into the record; `nil` describes the timeline itself
    /// (`String(reflecting:)` of its size, rate, duration, background and layers), which is the
    /// same in every process for scenes made of plain values. A scene holding a `Set` or a
    /// `Dictionary` (whose order changes between processes), or drawing from outside state, should
    /// pass its own stable identity here: chunks of one clip must all carry the same one.
    public var scene: String?

    /// Part `frames` of the clip.
    public init(frames: ClosedRange<Int>, scene: String? = nil) {
        self.frames = frames
        self.scene = scene
    }

    /// Chunk `chunk` of `timeline`'s frames, made of whole groups of `groupOfPictures` frames where
    /// the clip has enough (``Chunk/frames(ofClipWith:groupOfPictures:)``).
    ///
    /// - Throws: ``FlipbookError`` (invalid input, key path `chunk`) when the clip has fewer
    ///   frames than chunks.
    public init(_ chunk: Chunk, of timeline: Timeline, groupOfPictures: Int? = nil, scene: String? = nil) throws {
        frames = try chunk.frames(ofClipWith: timeline.frameCount, groupOfPictures: groupOfPictures)
        self.chunk = chunk
        self.scene = scene
    }

    /// The record written into the part's file for `timeline` encoded with `options` (as the
    /// render resolves them).
    func record(timeline: Timeline, options: VideoOptions) throws -> ChunkRecord {
        let sceneText = scene ?? String(reflecting: (timeline.size, timeline.scale, timeline.fps, timeline.duration,
                                                     timeline.background, timeline.layers))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var optionsText = try encoder.encode(options)
        optionsText.append(contentsOf: Array("\n\(timeline.pixelWidth)x\(timeline.pixelHeight)".utf8))
        return ChunkRecord(
            chunk: chunk.map { ($0.index, $0.count) }, frames: frames, clipFrameCount: timeline.frameCount,
            fps: timeline.fps, sceneDigest: String(sha256Hex(Array(sceneText.utf8)).prefix(32)),
            optionsDigest: String(sha256Hex(optionsText).prefix(32)))
    }
}

/// Renders one part of `timeline` (``ClipPart``): its frames, with the whole clip's timestamps, to a
/// file ``concat(_:to:)`` can join with the other parts without re-encoding. Every part starts on a
/// keyframe; rendering the same part twice gives the same bytes.
///
/// A PNG sequence's part is just its frames' files (they already join).
///
/// Otherwise as ``render(_:to:options:workers:cancellation:progress:)-(_,URL,_,_,_,_)``.
///
/// - Throws: ``FlipbookError`` (invalid input, key path `frames`) when the part reaches outside the
///   timeline's frames, or for a GIF, APNG or WebP (which cannot be joined without re-encoding); and
///   everything the whole-clip render throws.
@discardableResult
public func render(
    _ timeline: Timeline, part: ClipPart, to url: URL, options: VideoOptions = VideoOptions(), workers: Int? = nil,
    cancellation: RenderCancellation? = nil, progress: ((RenderProgress) -> Void)? = nil
) throws -> RenderReport {
    let (options, format) = try resolveClip(timeline, to: url, options: options)
    return try renderPart(timeline, part: part, to: url, format: format, options: options, workers: workers,
                          cancellation: cancellation, progress: progress)
}

/// Refuses a part of a format that cannot be joined without re-encoding (GIF, APNG, WebP).
func checkJoinable(_ format: OutputFormat) throws {
    let container = format.container
    guard container == .pngSequence || container.capabilities.joinsByRemuxing else {
        let joinable = VideoContainer.allCases.filter(\.capabilities.joinsByRemuxing).map { $0.displayName(short: false) }
        throw FlipbookError(invalid: "output",
            "cannot be a chunk: \(container.capabilities.displayName) cannot be joined without re-encoding; "
                + "render chunks as \(joinable.joined(separator: ", ")) or a PNG sequence.", at: .init(keyPath: "output"))
    }
}

/// A part of a checked timeline to a resolved `format`, with options as ``resolveClip(_:to:options:)``
/// or a plan resolves them.
func renderPart(
    _ timeline: Timeline, part: ClipPart, to url: URL, format: OutputFormat, options resolved: VideoOptions,
    workers: Int?, cancellation: RenderCancellation?, progress: ((RenderProgress) -> Void)?
) throws -> RenderReport {
    try checkJoinable(format)
    try checkFrameRange(part.frames, in: timeline)
    let record = try part.record(timeline: timeline, options: resolved)
    // x264 encodes the part with the frames a single render would have around it: a second before,
    // so its rate control and rate buffer arrive in the state a single render's would be in, and
    // its lookahead after, so the part's last frames get the bits a single render gives them. Only
    // the part's own packets are written (VideoOptions.keptTimestamps).
    var options = resolved
    var frames = part.frames
    // Parts are joined only when their headers are the same, so each holds x264's level rather
    // than signalling the level its own frames fit.
    options.fitsLevel = false
    if format.codec == .h264 {
        frames = surroundingFrames(of: part.frames, clipFrameCount: timeline.frameCount, fps: timeline.fps,
                                   options: options)
        if frames != part.frames { options.keptTimestamps = part.frames }
    }
    var report = try renderClip(
        timeline, frames: frames, timestampOffset: frames.lowerBound, part: part.frames, comment: record.description, to: url,
        format: format, options: options, workers: workers, segmenting: Segmenting(allowed: false),
        cancellation: cancellation, progress: progress)
    report.frames = part.frames
    report.frameCount = part.frames.count
    report.duration = timeline.time(ofFrame: part.frames.count)
    return report
}

/// Renders chunk `chunk` of `timeline` (see ``Chunk``) for ``concat(_:to:)`` to join: its chunks are
/// whole groups of pictures of the codec's keyframe interval (``VideoOptions/keyframeInterval``)
/// where the clip has enough, so the joined clip has the keyframes a single render has.
///
/// As ``render(_:part:to:options:workers:cancellation:progress:)`` with
/// `ClipPart(chunk, of: timeline, groupOfPictures: …, scene: scene)`.
@discardableResult
public func render(
    _ timeline: Timeline, chunk: Chunk, to url: URL, options: VideoOptions = VideoOptions(), scene: String? = nil,
    workers: Int? = nil, cancellation: RenderCancellation? = nil, progress: ((RenderProgress) -> Void)? = nil
) throws -> RenderReport {
    let (options, format) = try resolveClip(timeline, to: url, options: options)
    let gop = format.codec.capabilities.hasKeyframeInterval ? options.gopLength(fps: timeline.fps) : nil
    let part = try ClipPart(chunk, of: timeline, groupOfPictures: gop, scene: scene)
    return try renderPart(timeline, part: part, to: url, format: format, options: options, workers: workers,
                          cancellation: cancellation, progress: progress)
}
