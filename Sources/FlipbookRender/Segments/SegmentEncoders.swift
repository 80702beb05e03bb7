import FlipbookCore
import FlipbookVideo
import Foundation

/// How many segments are encoded at once, and with how many drawing threads each: the only part of
/// segment-parallel encoding that depends on the machine, and none of it reaches the file's bytes.
///
/// One segment's x264 runs its frame threads and as many lookahead threads (four of each by default,
/// ``VideoOptions/defaultEncoderThreads``) and keeps about two and a half cores busy; so a segment is
/// started for every two cores, as long as their encoders fit in the memory budget
/// (``estimatedEncoderBytes(width:height:lookahead:)`` each).
package struct SegmentEncoders: Sendable, Equatable {
    /// Segments encoded at the same time.
    package var atOnce: Int
    /// Drawing threads feeding each of them.
    package var workersEach: Int
    /// What the memory budget leaves beside the encoders running at once, in bytes: the most the
    /// frames a segment hands to the next one may take (``SegmentRun``).
    package var spareBytes: Int

    /// - Parameters:
    ///   - segments: How many segments the clip has.
    ///   - workers: Drawing threads in all (one per core when `nil`).
    ///   - memoryBudget: Bytes the encoders may hold together (``defaultMemoryBudget`` when `nil`).
    ///   - requested: The count asked for (tests and benchmarks); `nil` decides from the cores and memory.
    package init(segments: Int, width: Int, height: Int, lookahead: Int, workers: Int?, memoryBudget: Int?,
                 requested: Int? = nil, cores: Int = ProcessInfo.processInfo.activeProcessorCount) {
        let byCores = max(1, cores / 2)
        let perEncoder = Self.estimatedEncoderBytes(width: width, height: height, lookahead: lookahead)
        let budget = memoryBudget ?? Self.defaultMemoryBudget
        let byMemory = max(1, budget / max(1, perEncoder))
        atOnce = max(1, min(segments, requested ?? min(byCores, byMemory)))
        workersEach = max(1, (workers ?? cores) / atOnce)
        let held = perEncoder.multipliedReportingOverflow(by: atOnce)
        spareBytes = held.overflow ? 0 : max(0, budget - held.partialValue)
    }

    /// About what one x264 holds at this size and lookahead: 400 MB at 1920×1080 with medium's 40
    /// frames of lookahead (each frame in it kept with its half-size copies and analysis, plus
    /// the frames being encoded and referenced).
    package static func estimatedEncoderBytes(width: Int, height: Int, lookahead: Int) -> Int {
        let pixels = width.multipliedReportingOverflow(by: height)
        guard !pixels.overflow else { return Int.max }
        let frames = lookahead + 10
        let bytes = pixels.partialValue.multipliedReportingOverflow(by: 4 * frames)
        return bytes.overflow ? Int.max : bytes.partialValue
    }

    /// The machine's memory less a margin for the drawing, the system and other programs: an eighth
    /// of it, and at least 1 GiB.
    package static var defaultMemoryBudget: Int {
        let physical = Int(clamping: ProcessInfo.processInfo.physicalMemory)
        return max(0, physical - max(1 << 30, physical / 8))
    }
}
