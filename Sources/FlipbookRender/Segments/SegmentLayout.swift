import FlipbookCore
import FlipbookVideo
import Foundation

/// How a clip is cut into segments that are encoded apart, each by its own x264, and written in
/// order into one file (segment-parallel encoding).
///
/// The cuts depend only on the clip and its settings (frame count, frame rate, codec, keyframe
/// interval, lookahead), never on the machine: the file is the same bytes whether its segments are
/// encoded one after another on two cores or all at once on sixty-four. A clip shorter than two
/// segment lengths (``defaultSegmentSeconds``) is one segment, encoded exactly as before segments
/// existed. Segments are cut as ``Chunk`` cuts chunks, on whole keyframe intervals, and each is
/// encoded with the frames around it as a chunk is, so its rate control and lookahead see what one
/// encode's would.
///
/// Only H.264 in a container that joins by remuxing (MP4, MOV, Matroska) is encoded in segments.
public struct SegmentLayout: Sendable, Hashable {
    /// One segment: the frames it writes and the frames its encoder is fed.
    public struct Segment: Sendable, Hashable {
        /// The written clip's frames this segment holds, zero-based and inclusive.
        public var frames: ClosedRange<Int>
        /// The frames its encoder is fed: ``frames`` with the frames before it that bring the rate
        /// control to its first frame and the frames after it that fill the lookahead.
        public var encodedFrames: ClosedRange<Int>
    }

    /// The segments in order; together they hold every frame once.
    public var segments: [Segment]
    /// The segment length the clip was cut by, in seconds.
    public var segmentSeconds: Double

    /// How many segments.
    public var count: Int { segments.count }

    /// The shortest segment length, in seconds, rounded up to whole keyframe intervals (x264's
    /// 250 frames unless ``VideoOptions/keyframeInterval`` says): a clip is cut into
    /// `⌊frames ÷ length⌋` segments of whole intervals, so each lasts from one to two lengths and
    /// starts where one encode starts a group of pictures. Measured on the benchmark workloads so
    /// that cutting costs at most 1 % in file size (Benchmarks/segments.md).
    public static let defaultSegmentSeconds: Double = 2

    /// x264's longest distance between keyframes when none is given (`keyint`), in frames.
    public static let x264KeyframeInterval = 250

    /// What decides the cuts, besides the clip; the benchmark varies them to measure their cost.
    package struct Rules: Sendable, Hashable {
        /// ``SegmentLayout/segmentSeconds``.
        package var segmentSeconds: Double
        /// Frames fed before a segment for the rate control, at most; `nil` for one second when a
        /// rate buffer is held (``VideoOptions/holdsRateBuffer``), as in a chunk, and none otherwise.
        package var framesBefore: Int?

        package init(segmentSeconds: Double = SegmentLayout.defaultSegmentSeconds, framesBefore: Int? = nil) {
            self.segmentSeconds = segmentSeconds
            self.framesBefore = framesBefore
        }
    }

    /// The layout of a clip of `frameCount` frames written as `format` with `options` (as the render
    /// resolves them).
    package init(frameCount: Int, fps: FrameRate, format: OutputFormat, options: VideoOptions, rules: Rules = Rules()) {
        segmentSeconds = rules.segmentSeconds
        let whole = Segment(frames: 0...max(0, frameCount - 1), encodedFrames: 0...max(0, frameCount - 1))
        // Whole groups of pictures: one encode starts a GOP with an IDR there anyway, so a cut there
        // costs no extra intra frame (B3's cost 3 % at 2 s cut anywhere, nothing on its GOPs).
        let gop = options.gopLength(fps: fps) ?? Self.x264KeyframeInterval
        let wanted = rules.segmentSeconds * fps.framesPerSecond
        let groups = wanted.isFinite ? max(1, Int(exactly: (wanted / Double(gop)).rounded(.up)) ?? 0) : 0
        let length = groups.multipliedReportingOverflow(by: gop)
        guard Self.isSegmentable(format: format, options: options), groups > 0, !length.overflow else {
            segments = [whole]
            return
        }
        let count = min(frameCount / length.partialValue, Chunk.maximumCount)
        guard count > 1 else {
            segments = [whole]
            return
        }
        segments = (1...count).compactMap { index in
            guard let chunk = try? Chunk(index, of: count),
                  let frames = try? chunk.frames(ofClipWith: frameCount, groupOfPictures: gop) else { return nil }
            // Without a rate buffer nothing but x264's slowly decaying QP averages carries over a cut
            // on a keyframe, and a second of frames encoded twice per cut cost more than it gave
            // (Benchmarks/segments.md).
            let before = rules.framesBefore ?? (options.holdsRateBuffer ? nil : 0)
            let encoded = surroundingFrames(of: frames, clipFrameCount: frameCount, fps: fps, options: options,
                                            before: before)
            return Segment(frames: frames, encodedFrames: encoded)
        }
        if segments.count != count { segments = [whole] }
    }

    /// Whether a clip in `format` may be encoded in segments: x264 (whose GOPs are closed, so an IDR
    /// starts a segment cleanly) in a container whose packets join by remuxing, and not a chunk,
    /// which is itself a part of a clip encoded with the frames around it, and not with automatic
    /// threads, which leave x264 the machine's cores.
    package static func isSegmentable(format: OutputFormat, options: VideoOptions) -> Bool {
        format.codec == .h264 && format.container != .pngSequence && format.container.capabilities.joinsByRemuxing
            && options.keptTimestamps == nil && !options.hasAutomaticThreads
    }

    /// The frames fed to a segment's encoder, in frames written.
    package var encodedFrameCount: Int { segments.reduce(0) { $0 + $1.encodedFrames.count } }

    /// "5 segments of 120 frames (2 s)": for the plan and the report.
    public var summary: String {
        guard count > 1 else { return "1 (the whole clip)" }
        let lengths = segments.map(\.frames.count)
        let shortest = lengths.min() ?? 0, longest = lengths.max() ?? 0
        let frames = shortest == longest ? "\(shortest)" : "\(shortest)-\(longest)"
        return "\(count) of \(frames) frames (whole keyframe intervals), "
            + "\(encodedFrameCount - (segments.last?.frames.upperBound ?? -1) - 1) frames encoded twice around the cuts"
    }
}

/// The frames an encoder is fed for the part `frames` of a clip of `clipFrameCount` frames: up to
/// `before` frames before it (one second when `nil`), so x264's rate control and rate buffer arrive
/// at its first frame in the state one encode's would be in, and its lookahead after it, so its
/// last frames get the bits one encode gives them.
package func surroundingFrames(of frames: ClosedRange<Int>, clipFrameCount: Int, fps: FrameRate, options: VideoOptions,
                               before: Int? = nil) -> ClosedRange<Int> {
    let lead = min(frames.lowerBound, before ?? Int(saturating: fps.framesPerSecond, rounded: .up))
    let tail = min(clipFrameCount - 1 - frames.upperBound, options.resolvedLookahead + 4)
    return (frames.lowerBound - lead)...(frames.upperBound + tail)
}
