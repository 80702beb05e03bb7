import FlipbookAnimation
import FlipbookDrawing
import FlipbookRaster
import FlipbookVideo
import Foundation

/// Draws and converts frames on worker threads, ahead of the frame sink, and hands them over in order.
///
/// Each worker owns one `Bitmap`. It claims the next frame number, draws it, converts it into the
/// sink's pixel layout (so conversion runs in parallel too) and parks the result until the sink's
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
    private let pixelFormat: PixelFormat
    private let background: Color?
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
    private var ready: [Int: ConvertedFrame] = [:]
    /// The sums of the blurred frames whose sub-frames are being drawn, by pipeline frame.
    private var sums: [Int: SubframeSum] = [:]
    private var spare: [ConvertedFrame] = []
    private var failure: (frame: Int, error: FlipbookError)?
    private var stopping = false
    private var runningWorkers = 0
    private var rendered = 0
    private var drawNanoseconds: UInt64 = 0
    private var convertNanoseconds: UInt64 = 0
    private var waitNanoseconds: UInt64 = 0

    /// - Parameters:
    ///   - frames: The timeline's frames to render; the caller has checked they exist.
    ///   - pixelFormat, background: The sink's layout (``FrameSink/pixelFormat``, ``FrameSink/background``).
    init(timeline: Timeline, frames: ClosedRange<Int>, pixelFormat: PixelFormat, background: Color?, output: URL,
         depth: Int) {
        self.timeline = timeline
        self.frames = frames
        self.pixelFormat = pixelFormat
        self.background = background
        totalFrames = frames.count
        subframes = timeline.subframeCount
        self.depth = max(1, depth)
        self.output = output
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

    /// Waits for frame `index` (they must be asked for in order) and takes it out of the pipeline.
    /// Throws a failure instead once one is known at or before `index` (or a cancellation): a
    /// later frame's failure waits until the frames before it are done, so the error always names
    /// the first frame that failed, whatever the number of workers.
    func takeFrame(_ index: Int) throws -> ConvertedFrame {
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

    /// Gives back frame `index` after encoding it, letting workers claim one more frame.
    /// `consuming`, so the caller's reference is gone and a worker can reuse the buffers in place.
    func recycle(_ frame: consuming ConvertedFrame, encoded index: Int) {
        condition.lock()
        nextToEncode = index + 1
        spare.append(frame)
        condition.broadcast()
        condition.unlock()
    }

    /// Frames drawn and converted so far.
    var framesRendered: Int {
        condition.lock()
        defer { condition.unlock() }
        return rendered
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
        spare.removeAll()
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
            var recycled = spare.popLast()
            condition.unlock()

            let start = DispatchTime.now().uptimeNanoseconds
            // A bitmap that draws in bands is converted band by band as each is finished.
            let bands = bitmap.drawsInBands && pixelFormat == .yuv420p
                ? background.map { BandConverter(reusing: recycled?.takeYUV(), background: $0) } : nil
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
            let frame = bands?.finish().map(ConvertedFrame.init) ?? convert(bitmap, reusing: &recycled)
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
            var recycled = spare.popLast()
            condition.unlock()
            let averaged = DispatchTime.now().uptimeNanoseconds
            let frame = convert(bitmap, reusing: &recycled)
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

    /// Converts into a recycled frame when there is one: for `yuv420p` that rewrites only the tiles
    /// drawn since the bitmap was cleared, in buffers already allocated.
    /// The recycled frame is moved out (`take()`), never copied: a second reference to its planes would
    /// make converting into them copy every plane first.
    private func convert(_ bitmap: Bitmap, reusing recycled: inout ConvertedFrame?) -> ConvertedFrame {
        guard var frame = recycled.take() else {
            return ConvertedFrame(converting: bitmap, to: pixelFormat, background: background)
        }
        frame.convert(bitmap, background: background)
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
