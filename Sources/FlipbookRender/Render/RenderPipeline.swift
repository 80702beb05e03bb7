import FlipbookAnimation
import FlipbookDrawing
import FlipbookRaster
import FlipbookVideo
import Foundation

/// Draws and converts frames on worker threads, ahead of the frame sink, and hands them over in order.
///
/// Each worker owns one `Bitmap`. It claims the next frame number, draws it, converts it into each
/// sink's pixel layout (``FrameLayout``: one for a render of one output, one per distinct layout for
/// several outputs; so conversion runs in parallel too) and parks the result until the sinks'
/// thread asks for that frame. A worker may claim frame `i` only while `i < nextToEncode + depth`, so
/// at most `depth` converted frames exist at once however long the clip: memory is
/// `depth × frame + workers × bitmap`. Converted frames are recycled through a spare list, so the
/// H.264 layout (`yuv420p`, converted tile by tile) allocates nothing in steady state.
///
/// Frames are numbered from 0 in the pipeline (the order the sink sees them); pipeline frame `k`
/// is timeline frame `frames.lowerBound + k`, so a range renders as a clip of its own.
///
/// With motion blur a frame is ``Timeline/subframeCount`` sub-frames, and the workers claim
/// sub-frames rather than frames: each draws one into its bitmap and adds it to the frame's
/// ``SubframeSum``; the worker that adds the last one writes the average and converts the frame.
///
/// The output cannot depend on the number of workers: every frame is a pure function of its index
/// (a sum of integers in any order), and the sink sees frames strictly in order.
final class RenderPipeline: @unchecked Sendable {
    // @unchecked: every mutable property below is read and written only with `condition` locked.
    private let condition = NSCondition()
    private let timeline: Timeline
    /// The layouts each frame is converted into; ``takeFrames(_:)`` returns one entry per layout.
    private let layouts: [FrameLayout]
    /// The timeline's frames to draw, in order.
    private let frames: ClosedRange<Int>
    private let totalFrames: Int
    private let depth: Int
    /// The sub-frames a frame averages (1 without motion blur).
    private let subframes: Int
    private let output: URL
    /// Whether the workers' bitmaps plan their drawing in bands (and convert each band as it is
    /// finished); `nil` leaves it to the bitmaps (FramePlan.isOnByDefault). Tests set it before
    /// ``start(workers:)``, which the workers read it after.
    var drawsInBands: Bool?

    private var nextToClaim = 0
    private var nextToEncode = 0
    private var ready: [Int: [ConvertedFrame?]] = [:]
    /// The sums of the blurred frames whose sub-frames are being drawn, by pipeline frame.
    private var sums: [Int: SubframeSum] = [:]
    /// Converted frames given back, per layout, for converting into again.
    private var spare: [[ConvertedFrame]]
    private var failure: (frame: Int, error: FlipbookError)?
    private var stopping = false
    private var runningWorkers = 0
    private var rendered = 0
    private var drawNanoseconds: UInt64 = 0
    private var convertNanoseconds: UInt64 = 0
    private var waitNanoseconds: UInt64 = 0

    /// - Parameters:
    ///   - frames: The timeline's frames to render; the caller has checked they exist.
    ///   - layouts: The layouts the sinks take, each with the frames it takes.
    init(timeline: Timeline, frames: ClosedRange<Int>, layouts: [FrameLayout], output: URL, depth: Int) {
        self.timeline = timeline
        self.frames = frames
        self.layouts = layouts
        spare = layouts.map { _ in [] }
        totalFrames = frames.count
        subframes = timeline.subframeCount
        self.depth = max(1, depth)
        self.output = output
    }

    /// A pipeline for one sink's layout (``FrameSink/pixelFormat``, ``FrameSink/background``),
    /// which takes every frame.
    convenience init(timeline: Timeline, frames: ClosedRange<Int>, pixelFormat: PixelFormat, background: Color?,
                     output: URL, depth: Int) {
        self.init(timeline: timeline, frames: frames,
                  layouts: [FrameLayout(pixelFormat: pixelFormat, background: background, count: frames.count)],
                  output: output, depth: depth)
    }

    /// Starts `count` worker threads.
    func start(workers count: Int) {
        condition.lock()
        runningWorkers = count
        condition.unlock()
        for index in 0..<count {
            let thread = Thread { [self] in
                runWorker()
                condition.lock()
                runningWorkers -= 1
                condition.broadcast()
                condition.unlock()
            }
            thread.name = "Flipbook render worker \(index)"
            // Scenes may recurse (paths, layers); give them the same stack as a main thread.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Waits for frame `index` (they must be asked for in order) and takes it out of the pipeline,
    /// converted into each layout that takes it (`nil` for the others).
    /// Throws a failure instead once one is known at or before `index` (or a cancellation): a
    /// later frame's failure waits until the frames before it are done, so the error always names
    /// the first frame that failed, whatever the number of workers.
    func takeFrames(_ index: Int) throws -> [ConvertedFrame?] {
        condition.lock()
        defer { condition.unlock() }
        let start = DispatchTime.now().uptimeNanoseconds
        while ready[index] == nil, failure.map({ $0.frame > index }) ?? true {
            condition.wait()
        }
        waitNanoseconds += DispatchTime.now().uptimeNanoseconds - start
        if let failure, failure.frame <= index { throw failure.error }
        guard let frame = ready.removeValue(forKey: index) else {
            throw FlipbookError(.codec, "Cannot render \(output.path): frame \(index) was asked for out of order.")
        }
        return frame
    }

    /// ``takeFrames(_:)`` for a pipeline of one layout.
    func takeFrame(_ index: Int) throws -> ConvertedFrame {
        try only(takeFrames(index), frame: index)
    }

    /// The one conversion of frame `index` in a pipeline of one layout.
    func only(_ frames: [ConvertedFrame?], frame index: Int) throws -> ConvertedFrame {
        guard let frame = frames.first ?? nil else {
            throw FlipbookError(.internal, "Cannot render \(output.path): frame \(index) has no converted picture.")
        }
        return frame
    }

    /// Gives back frame `index` after encoding it, letting workers claim one more frame.
    /// `consuming`, so the caller's reference is gone and a worker can reuse the buffers in place.
    func recycle(_ frame: consuming ConvertedFrame, encoded index: Int) {
        recycle([frame], encoded: index)
    }

    /// Gives back frame `index`'s conversions (one entry per layout) after encoding them.
    func recycle(_ frames: consuming [ConvertedFrame?], encoded index: Int) {
        var frames = frames
        condition.lock()
        nextToEncode = max(nextToEncode, index + 1)
        for layout in frames.indices where layout < spare.count {
            if let frame = frames[layout].take() { spare[layout].append(frame) }
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Frames drawn and converted so far.
    var framesRendered: Int {
        condition.lock()
        defer { condition.unlock() }
        return rendered
    }

    /// Frames given back after encoding (``recycle(_:encoded:)``), counted up to the last one.
    var framesEncoded: Int {
        condition.lock()
        defer { condition.unlock() }
        return nextToEncode
    }

    /// Seconds spent drawing, converting (summed over workers) and waiting for frames (encoder).
    var stageTimes: (draw: TimeInterval, convert: TimeInterval, wait: TimeInterval) {
        condition.lock()
        defer { condition.unlock() }
        return (Double(drawNanoseconds) / 1e9, Double(convertNanoseconds) / 1e9, Double(waitNanoseconds) / 1e9)
    }

    /// Stops the render with `error` (an interruption): workers claim no more frames and
    /// ``takeFrame(_:)`` throws it at once, ahead of any frame's own failure.
    func cancel(_ error: FlipbookError) {
        condition.lock()
        failure = (Int.min, error)
        condition.broadcast()
        condition.unlock()
    }

    /// Tells the workers to stop after their current frame and waits until they have all exited.
    func stopAndJoin() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while runningWorkers > 0 {
            condition.wait()
        }
        ready.removeAll()
        spare = layouts.map { _ in [] }
        sums.removeAll()
        condition.unlock()
    }

    private func runWorker() {
        var bitmap: Bitmap
        do {
            bitmap = try Bitmap(width: timeline.pixelWidth, height: timeline.pixelHeight)
            if let drawsInBands { bitmap.drawsInBands = drawsInBands }
        } catch {
            fail(frame: -1, FlipbookError(.invalidInput,
                "Cannot render \(output.path): \((error as? FlipbookError)?.message ?? "\(error)")"))
            return
        }
        if subframes > 1 {
            runSubframeWorker(bitmap: &bitmap)
            return
        }
        condition.lock()
        while true {
            if stopping || failure != nil || nextToClaim >= totalFrames { break }
            if nextToClaim >= nextToEncode + depth {
                condition.wait()
                continue
            }
            let index = nextToClaim
            nextToClaim += 1
            var recycled = takeSpares(for: index)
            condition.unlock()

            let start = DispatchTime.now().uptimeNanoseconds
            // A bitmap that draws in bands is converted band by band as each is finished, into the
            // first H.264 layout (yuv420p over a background) that takes the frame.
            let bandLayout = bitmap.drawsInBands
                ? layouts.indices.first { layouts[$0].pixelFormat == .yuv420p && layouts[$0].background != nil
                    && layouts[$0].takes(index) } : nil
            let bands = bandLayout.flatMap { layout in
                layouts[layout].background.map { BandConverter(reusing: recycled[layout]?.takeYUV(), background: $0) }
            }
            bitmap.bandFinished = bands?.convert
            timeline.draw(frame: frames.lowerBound + index, into: &bitmap)
            bitmap.bandFinished = nil
            let convertedInBands = bands?.nanoseconds ?? 0
            let drawn = DispatchTime.now().uptimeNanoseconds
            if let issue = bitmap.drawingIssue {
                condition.lock()
                drawNanoseconds += drawn - start
                recordFailure(frame: index, issue)
                break
            }
            var frame = convert(bitmap, frame: index, reusing: &recycled, except: bandLayout)
            if let bandLayout {
                frame[bandLayout] = bands?.finish().map(ConvertedFrame.init)
                    ?? convert(bitmap, into: layouts[bandLayout], reusing: &recycled[bandLayout])
            }
            let converted = DispatchTime.now().uptimeNanoseconds

            condition.lock()
            drawNanoseconds += drawn - start - convertedInBands
            convertNanoseconds += converted - drawn + convertedInBands
            ready[index] = frame
            rendered += 1
            condition.broadcast()
        }
        condition.unlock()
    }

    /// The worker's loop for a blurred clip: it claims sub-frames in order (`nextToClaim` counts
    /// them), draws each at its frame's time, adds it to the frame's sum, and finishes the frame when
    /// its sum is complete. Bitmaps are not converted band by band here: the frame is their average.
    private func runSubframeWorker(bitmap: inout Bitmap) {
        bitmap.bandFinished = nil
        condition.lock()
        while true {
            if stopping || failure != nil || nextToClaim >= totalFrames * subframes { break }
            let index = nextToClaim / subframes
            if index >= nextToEncode + depth {
                condition.wait()
                continue
            }
            let subframe = nextToClaim % subframes
            nextToClaim += 1
            let sum: SubframeSum
            if let existing = sums[index] {
                sum = existing
            } else {
                sum = SubframeSum(width: timeline.pixelWidth, height: timeline.pixelHeight, count: subframes)
                sums[index] = sum
            }
            condition.unlock()

            let start = DispatchTime.now().uptimeNanoseconds
            let time = timeline.time(ofFrame: frames.lowerBound + index)
            timeline.draw(at: time, subframe: subframe, into: &bitmap)
            if let issue = bitmap.drawingIssue {
                condition.lock()
                drawNanoseconds += DispatchTime.now().uptimeNanoseconds - start
                recordFailure(frame: index, issue)
                break
            }
            let isLast = bitmap.add(to: sum) == subframes
            let drawn = DispatchTime.now().uptimeNanoseconds
            guard isLast else {
                condition.lock()
                drawNanoseconds += drawn - start
                continue
            }
            bitmap.setAverage(of: sum)
            condition.lock()
            sums[index] = nil
            var recycled = takeSpares(for: index)
            condition.unlock()
            let averaged = DispatchTime.now().uptimeNanoseconds
            let frame = convert(bitmap, frame: index, reusing: &recycled, except: nil)
            let converted = DispatchTime.now().uptimeNanoseconds

            condition.lock()
            drawNanoseconds += averaged - start
            convertNanoseconds += converted - averaged
            ready[index] = frame
            rendered += 1
            condition.broadcast()
        }
        condition.unlock()
    }

    /// A spare converted frame per layout that takes frame `index` (`nil` for the others, or when
    /// none is spare). Call with `condition` locked.
    private func takeSpares(for index: Int) -> [ConvertedFrame?] {
        layouts.indices.map { layouts[$0].takes(index) ? spare[$0].popLast() : nil }
    }

    /// Frame `index` converted into each layout that takes it but `except` (left `nil`, as are the
    /// layouts that do not take it).
    private func convert(_ bitmap: Bitmap, frame index: Int, reusing recycled: inout [ConvertedFrame?],
                         except: Int?) -> [ConvertedFrame?] {
        layouts.indices.map { layout in
            guard layout != except, layouts[layout].takes(index) else { return nil }
            return convert(bitmap, into: layouts[layout], reusing: &recycled[layout])
        }
    }

    /// Converts into a recycled frame when there is one: for `yuv420p` that rewrites only the tiles
    /// drawn since the bitmap was cleared, in buffers already allocated.
    /// The recycled frame is moved out (`take()`), never copied: a second reference to its planes would
    /// make converting into them copy every plane first.
    private func convert(_ bitmap: Bitmap, into layout: FrameLayout, reusing recycled: inout ConvertedFrame?)
        -> ConvertedFrame {
        guard var frame = recycled.take() else {
            return ConvertedFrame(converting: bitmap, to: layout.pixelFormat, background: layout.background)
        }
        frame.convert(bitmap, background: layout.background)
        return frame
    }

    private func fail(frame: Int, _ error: FlipbookError) {
        condition.lock()
        recordFailure(frame: frame, error)
        condition.unlock()
    }

    /// Keeps the failure of the earliest frame (the one a sequential render would have hit first).
    /// Call with `condition` locked.
    private func recordFailure(frame: Int, _ error: FlipbookError) {
        let described: FlipbookError
        if frame >= 0 {
            // Named by the timeline's own frame number, which is what a person can look up.
            let timelineFrame = frames.lowerBound + frame
            let time = String(format: "%.4g", timeline.time(ofFrame: timelineFrame))
            described = FlipbookError(error.kind,
                "Cannot render \(output.path): drawing frame \(timelineFrame) (t = \(time) s) failed: \(error.message)")
        } else {
            described = error
        }
        if let failure, failure.frame <= frame { return }
        failure = (frame, described)
        condition.broadcast()
    }
}
