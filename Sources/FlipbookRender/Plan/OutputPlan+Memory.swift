import FlipbookCore
import Foundation

extension OutputPlan {
    /// About the most memory rendering this plan adds to a process, in bytes, with `workers` drawing
    /// threads (one per core when `nil`): what a service admitting several renders at once sums
    /// against its memory budget. Over-estimates rather than under.
    ///
    /// A clip holds its encoders (``segmentsAtOnce(workers:)`` of them for a clip cut into segments,
    /// else one; each as much as x264 keeps at its size and lookahead, ~400 MB at 1080p with 40
    /// frames of lookahead) and, per drawing thread, ``framesHeldPerWorker`` frames of 4 bytes a pixel;
    /// a still, its picture four times over (drawn, flattened, encoded). Both add ``fixedBytes``.
    public func estimatedPeakMemory(workers: Int? = nil) -> Int {
        let frameBytes = timeline.pixelWidth.multipliedReportingOverflow(by: timeline.pixelHeight * 4)
        guard !frameBytes.overflow else { return .max }
        guard still == nil, let options else { return Self.adding(Self.fixedBytes, frameBytes.partialValue, times: 4) }
        let encoders = segmentLayout == nil ? 1 : segmentsAtOnce(workers: workers)
        let perEncoder = SegmentEncoders.estimatedEncoderBytes(width: timeline.pixelWidth, height: timeline.pixelHeight,
                                                               lookahead: options.resolvedLookahead)
        let drawing = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount) * Self.framesHeldPerWorker
        return Self.adding(Self.adding(Self.fixedBytes, perEncoder, times: encoders), frameBytes.partialValue, times: drawing)
    }

    /// What every render holds whatever its size: the timeline's decoded assets, glyph caches, the
    /// encoder's own state (64 MiB).
    public static let fixedBytes = 64 << 20
    /// Frames each drawing thread has in flight: the one it draws, its converted copy, one queued.
    public static let framesHeldPerWorker = 3

    /// `base + bytes × times`, saturating at `Int.max`.
    private static func adding(_ base: Int, _ bytes: Int, times: Int) -> Int {
        let product = bytes.multipliedReportingOverflow(by: times)
        guard !product.overflow else { return .max }
        let sum = base.addingReportingOverflow(product.partialValue)
        return sum.overflow ? .max : sum.partialValue
    }
}
