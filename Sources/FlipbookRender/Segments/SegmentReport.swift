import Foundation

/// How a render encoded its clip in segments (``SegmentLayout``): the layout, how many segments
/// ran at once on this machine, and each segment's figures.
public struct SegmentReport: Sendable, Hashable {
    /// The cuts, which depend on the clip and its settings only.
    public var layout: SegmentLayout
    /// Segments encoded at the same time on this machine (does not change the file).
    public var atOnce: Int
    /// Each segment's figures, in segment order.
    public var timings: [SegmentTiming]

    /// The segment cache the render used (`--cache`), or `nil`.
    public var cacheDirectory: URL?
    /// How many segments were copied from the segment cache (``SegmentCache``) instead of rendered.
    public var reusedCount: Int { timings.filter(\.reused).count }

    /// The longest segment's wall time: what no number of cores makes shorter.
    public var criticalPath: TimeInterval { timings.map(\.wallTime).max() ?? 0 }
}

/// One segment's figures in a render.
public struct SegmentTiming: Sendable, Hashable {
    /// Which segment, from 0.
    public var index: Int
    /// The written clip's frames it holds.
    public var frames: ClosedRange<Int>
    /// The frames its encoder was fed.
    public var encodedFrames: ClosedRange<Int>
    /// Seconds from its start to its packets being handed over.
    public var wallTime: TimeInterval
    /// The process's CPU seconds while it ran: the segment's own CPU when segments run one at a
    /// time; `nil` where the system does not report it.
    public var cpuTime: TimeInterval?
    /// Bytes of its packets.
    public var bytes: Int
    /// Whether its packets were copied from the segment cache rather than rendered.
    public var reused = false
}
