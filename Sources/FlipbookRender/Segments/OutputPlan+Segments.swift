import FlipbookCore
import FlipbookVideo
import Foundation

extension OutputPlan {
    /// For a clip that may be encoded in segments (H.264 in MP4, MOV or Matroska, not a chunk): how
    /// it is cut (one segment when it is short), which depends on the clip and its settings only.
    /// `nil` for a still and for other clips, which are one encode.
    public var segmentLayout: SegmentLayout? {
        guard still == nil, part == nil, let format, let options,
              SegmentLayout.isSegmentable(format: format, options: options) else { return nil }
        return segmenting.plan(
            frameCount: framesWritten.count, fps: timeline.fps, width: timeline.pixelWidth, height: timeline.pixelHeight,
            format: format, options: options, workers: 1).layout
    }

    /// Whether the clip is encoded through its segments (``Segmenting/encodesInSegments(_:format:options:)``).
    var encodesInSegments: Bool {
        guard let layout = segmentLayout, let format, let options else { return false }
        return segmenting.encodesInSegments(layout, format: format, options: options)
    }

    /// How many segments run at once on this machine with `workers` drawing threads (one per core
    /// when `nil`), within ``memoryBudget``; it never changes the file.
    public func segmentsAtOnce(workers: Int? = nil) -> Int {
        guard let layout = segmentLayout, let options else { return 1 }
        return SegmentEncoders(
            segments: layout.count, width: timeline.pixelWidth, height: timeline.pixelHeight,
            lookahead: options.resolvedLookahead, workers: workers, memoryBudget: memoryBudget,
            requested: segmenting.atOnce).atOnce
    }

    /// The segment settings the plan renders with.
    var segmenting: Segmenting {
        var segmenting = Segmenting(memoryBudget: memoryBudget, atOnce: segmentEncoders)
        segmenting.caching = caching
        return segmenting
    }
}
