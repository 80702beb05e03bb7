import FlipbookAnimation
import FlipbookCore
import Foundation

/// Which outputs of a render of several share its one drawing, and which need a pass of their own
/// to stay byte-identical to a render of them alone (see ``render(_:to:options:workers:cancellation:progress:)-(_,[URL],_,_,_,_)``).
struct SharingPlan {
    /// An output fed by the shared drawing, taking every `step`-th drawn frame.
    struct Shared {
        var plan: Int
        var step: Int
    }

    /// The plan whose timeline and frames are drawn: the first not slowed for a GIF (all plans'
    /// timelines are the same but for a GIF's rate), or the first.
    var drawnBy: Int
    var shared: [Shared] = []
    /// Plans rendered on their own, in order.
    var apart: [Int] = []

    init(_ plans: [OutputPlan]) {
        drawnBy = plans.firstIndex { $0.rateNote == nil } ?? 0
        let drawn = plans[drawnBy]
        for (index, plan) in plans.enumerated() {
            // A clip encoded in segments is encoded so alone; its segments take their frames apart.
            if plan.still != nil || plan.part != nil || plan.encodesInSegments {
                apart.append(index)
            } else if let step = Self.step(of: plan, in: drawn) {
                shared.append(Shared(plan: index, step: step))
            } else {
                apart.append(index)
            }
        }
    }

    /// Every how many drawn frames of `drawn` `plan` takes one, when its frames are exactly those:
    /// 1 for the same rate and frames; k for a GIF written at 1/k of the rate, from time 0 and
    /// without motion blur (whose shutter spans a part of the frame interval, so a frame at the
    /// lower rate is another picture); `nil` otherwise.
    static func step(of plan: OutputPlan, in drawn: OutputPlan) -> Int? {
        let frames = plan.framesWritten, drawnFrames = drawn.framesWritten
        let rate = plan.timeline.fps, drawnRate = drawn.timeline.fps
        if rate == drawnRate { return frames == drawnFrames ? 1 : nil }
        guard drawn.timeline.subframeCount == 1, frames.lowerBound == 0, drawnFrames.lowerBound == 0 else { return nil }
        let (top, overflowTop) = drawnRate.numerator.multipliedReportingOverflow(by: rate.denominator)
        let (bottom, overflowBottom) = drawnRate.denominator.multipliedReportingOverflow(by: rate.numerator)
        guard !overflowTop, !overflowBottom, bottom > 0, top % bottom == 0 else { return nil }
        let step = top / bottom
        let (last, overflow) = step.multipliedReportingOverflow(by: frames.upperBound)
        guard step > 1, !overflow, last <= drawnFrames.upperBound else { return nil }
        return step
    }
}
