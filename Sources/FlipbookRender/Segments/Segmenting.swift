import FlipbookCore
import FlipbookVideo
import Foundation

/// What a render asks of segment-parallel encoding (``SegmentLayout``): the rules that cut the clip
/// (which decide the bytes) and the limits on how many segments run at once (which do not).
package struct Segmenting: Sendable, Hashable {
    /// The cuts' rules; the defaults unless a benchmark measures others.
    package var rules = SegmentLayout.Rules()
    /// Bytes the segments' encoders may hold together; `nil` for the machine's memory less a margin.
    package var memoryBudget: Int?
    /// Segments encoded at once, fixed (tests, benchmarks); `nil` decides from the cores and memory.
    package var atOnce: Int?
    /// Whether the clip may be cut at all: a chunk (render `--chunk`) is one encode, being itself a
    /// part encoded with the frames around it.
    package var allowed = true
    /// The cache segments are reused from and stored in (`--cache`); `nil` renders every segment.
    var caching: SegmentCaching?

    package init(rules: SegmentLayout.Rules = SegmentLayout.Rules(), memoryBudget: Int? = nil, atOnce: Int? = nil,
                 allowed: Bool = true) {
        self.rules = rules
        self.memoryBudget = memoryBudget
        self.atOnce = atOnce
        self.allowed = allowed
    }

    /// Whether a clip cut as `layout` is encoded through its segments: cut into several, or one kept
    /// in the cache so that an unchanged render copies it. The same bytes either way.
    func encodesInSegments(_ layout: SegmentLayout, format: OutputFormat, options: VideoOptions) -> Bool {
        layout.count > 1 || (caching != nil && SegmentLayout.isSegmentable(format: format, options: options))
    }

    /// The layout of `frameCount` frames of a clip at `fps` in `format`, and how many of its segments
    /// run at once here with how many drawing threads each (`workers` in all).
    func plan(frameCount: Int, fps: FrameRate, width: Int, height: Int, format: OutputFormat, options: VideoOptions,
              workers: Int) -> (layout: SegmentLayout, encoders: SegmentEncoders) {
        var rules = rules
        if !allowed { rules.segmentSeconds = .infinity }
        let layout = SegmentLayout(frameCount: frameCount, fps: fps, format: format, options: options, rules: rules)
        let encoders = SegmentEncoders(
            segments: layout.count, width: width, height: height, lookahead: options.resolvedLookahead,
            workers: workers, memoryBudget: memoryBudget, requested: atOnce)
        return (layout, encoders)
    }
}
