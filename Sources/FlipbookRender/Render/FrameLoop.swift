import FlipbookVideo
import Foundation

/// The one frame loop of every render: frames taken from a ``RenderPipeline`` in order, a stop
/// checked before each, each handed on, the time spent handing it on counted, and what is done
/// reported after each.
///
/// A render of one output hands each frame to its sink (``RenderPass``), a pass shared by several
/// outputs to each output's feeder (``SharedPass``), and a segment to its own encoder (``SegmentRun``);
/// they differ only in where a frame goes.
struct FrameLoop {
    /// Where the frames come from; started and stopped by the caller.
    var pipeline: RenderPipeline
    /// How many frames, from the pipeline's first.
    var count: Int
    /// Throws when the render has been stopped.
    var checkStop: () throws -> Void

    /// Hands frames `0..<count` to `deliver` with their conversions (one per layout of the pipeline),
    /// which gives them back to the pipeline once it is done with them, and calls `delivered` after each.
    ///
    /// - Returns: the nanoseconds spent in `deliver`, which is the encoders' time where they run on
    ///   this thread.
    func run(deliver: (Int, consuming [ConvertedFrame?]) throws -> Void, delivered: (Int) -> Void) throws -> UInt64 {
        var deliverNanoseconds: UInt64 = 0
        for index in 0..<count {
            try checkStop()
            let frames = try pipeline.takeFrames(index)
            let start = DispatchTime.now().uptimeNanoseconds
            try deliver(index, frames)
            deliverNanoseconds += DispatchTime.now().uptimeNanoseconds - start
            delivered(index)
        }
        return deliverNanoseconds
    }
}

extension RenderProgress {
    /// Progress `encoded` frames of `total` into a pass that started at `passStarted`, of a render
    /// that started at `renderStarted` (uptime nanoseconds): the rate and what remains are the
    /// pass's, the elapsed time is the render's.
    init(encoded: Int, rendered: Int, total: Int, passStarted: UInt64, renderStarted: UInt64) {
        let now = DispatchTime.now().uptimeNanoseconds
        let seconds = Double(now - passStarted) / 1e9
        let rate = seconds > 0 ? Double(encoded) / seconds : 0
        self.init(framesRendered: rendered, framesEncoded: encoded, totalFrames: total, framesPerSecond: rate,
                  estimatedTimeRemaining: rate > 0 ? Double(total - encoded) / rate : nil,
                  elapsed: Double(now - renderStarted) / 1e9)
    }
}
