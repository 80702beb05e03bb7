import FlipbookVideo
import Foundation

/// One drawn frame of a ``SharedPass``, converted into each layout its sinks take, shared read-only by
/// the sinks' threads. Each holder (the pass and every sink given the frame) calls ``done()`` once;
/// the last one gives the conversions back to the pipeline (``RenderPipeline/recycle(_:encoded:)``),
/// which then lets the workers draw one more frame: memory stays bounded by the pipeline's depth.
final class SharedFrame: @unchecked Sendable {
    // @unchecked: `frames` is only read until `holders` reaches zero, and taken once, by the last
    // holder, with `lock` held; no holder reads it after its ``done()``.
    /// The pipeline frame it is.
    let index: Int
    private let lock = NSLock()
    private var frames: [ConvertedFrame?]
    private var holders: Int
    private let pipeline: RenderPipeline

    init(index: Int, frames: consuming [ConvertedFrame?], holders: Int, pipeline: RenderPipeline) {
        self.index = index
        self.frames = frames
        self.holders = holders
        self.pipeline = pipeline
    }

    /// Calls `body` with the frame converted into `layout` (nothing when that layout does not take it).
    func withFrame(layout: Int, _ body: (ConvertedFrame) throws -> Void) rethrows {
        guard layout < frames.count, let frame = frames[layout] else { return }
        try body(frame)
    }

    /// Says one holder is done with the frame; the last gives it back to the pipeline.
    func done() {
        lock.lock()
        holders -= 1
        var taken: [ConvertedFrame?] = []
        let isLast = holders == 0
        if isLast { swap(&taken, &frames) }
        lock.unlock()
        if isLast { pipeline.recycle(taken, encoded: index) }
    }
}
