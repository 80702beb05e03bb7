import FlipbookAnimation
import FlipbookDrawing
import FlipbookRaster
import Foundation

/// Draws the picture at `time` into `bitmap`, replacing it. With motion blur its sub-frames are drawn
/// on up to `workers` threads at once, each into a bitmap of its own, and added to one sum (integers,
/// so the order does not matter): the same pixels as ``Timeline/draw(at:into:)`` draws one after another.
///
/// - Throws: ``FlipbookError`` when a worker's bitmap cannot be made, or the first drawing problem of
///   any sub-frame (in sub-frame order).
func drawPicture(_ timeline: Timeline, at time: TimeInterval, into bitmap: inout Bitmap,
                 workers: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
    let count = timeline.subframeCount
    guard count > 1, workers > 1 else {
        timeline.draw(at: time, into: &bitmap)
        if let issue = bitmap.drawingIssue { throw issue }
        return
    }
    let sum = SubframeSum(width: timeline.pixelWidth, height: timeline.pixelHeight, count: count)
    let threads = min(workers, count)
    let problems = SubframeProblems()
    DispatchQueue.concurrentPerform(iterations: threads) { worker in
        var own: Bitmap
        do {
            own = try timeline.makeBitmap()
        } catch {
            problems.record(subframe: worker, error)
            return
        }
        for subframe in stride(from: worker, to: count, by: threads) {
            timeline.draw(at: time, subframe: subframe, into: &own)
            if let issue = own.drawingIssue { problems.record(subframe: subframe, issue) }
            own.add(to: sum)
        }
    }
    if let problem = problems.first { throw problem }
    bitmap.setAverage(of: sum)
    if let issue = bitmap.drawingIssue { throw issue }
}

/// The problems of a still's sub-frames, kept by sub-frame so the one reported does not depend on
/// which thread met it first.
private final class SubframeProblems: @unchecked Sendable {
    // @unchecked: `problems` is touched only with `lock` held.
    private let lock = NSLock()
    private var problems: [Int: FlipbookError] = [:]

    func record(subframe: Int, _ error: any Error) {
        lock.lock()
        defer { lock.unlock() }
        problems[subframe] = error as? FlipbookError ?? FlipbookError(.internal, "\(error)")
    }

    /// The problem of the earliest sub-frame, or `nil`.
    var first: FlipbookError? {
        lock.lock()
        defer { lock.unlock() }
        return problems.min { $0.key < $1.key }?.value
    }
}
