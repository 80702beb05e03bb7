import FlipbookAnimation
import FlipbookDrawing
import FlipbookCore
import FlipbookVideo
import Foundation

/// The shared state of a ``SegmentedPass``: which segment starts next, the first failure, the
/// frames encoded so far and each segment's figures.
///
/// When segments run one after another, the frames a segment's encoder is fed past its end (its
/// lookahead's, which are the next segment's first frames) are kept and handed to the next segment
/// instead of being drawn again, as long as they fit in what the memory budget leaves spare: the
/// same frames in the same order, so the same bytes.
final class SegmentRun: @unchecked Sendable {
    // @unchecked: every mutable property is used with `condition` locked; `pass` and `layout` are
    // read only, and `pass.progress` is called on the waiting thread alone.
    private let condition = NSCondition()
    private let pass: RenderPass
    private let layout: SegmentLayout
    private let workersEach: Int
    /// Whether one thread encodes every segment in order, so that a segment's last frames can be
    /// handed to the next.
    private let oneAtATime: Bool
    /// Bytes the frames handed to the next segment may take.
    private let spareBytes: Int
    private let output: SegmentedOutput
    /// The cache segments are reused from and stored in, if any.
    private let caching: SegmentCaching?
    /// The colour frames are flattened over, or `nil` when transparency is kept.
    private let background: Color?

    private var nextSegment = 0
    private var runningThreads = 0
    /// The failure of the earliest segment that failed (a cancellation counts as segment −1).
    private var failure: (segment: Int, error: any Error)?
    private var pipelines: [Int: RenderPipeline] = [:]
    private var encodedFrames = 0
    private var renderedFrames = 0
    private var encodeTotal: UInt64 = 0
    private var draw: TimeInterval = 0, convert: TimeInterval = 0, wait: TimeInterval = 0
    private var timings: [Int: SegmentTiming] = [:]
    /// Frames drawn for a segment that the next one starts with: the first of its ``SegmentLayout/Segment/encodedFrames``.
    private var handover: (segment: Int, frames: [ConvertedFrame])?

    init(pass: RenderPass, options: VideoOptions, layout: SegmentLayout, encoders: SegmentEncoders, output: SegmentedOutput) {
        self.pass = pass
        caching = pass.segmenting.caching
        background = pass.format.background(options)
        self.layout = layout
        workersEach = encoders.workersEach
        oneAtATime = encoders.atOnce == 1
        spareBytes = encoders.spareBytes
        self.output = output
    }

    /// Starts `count` threads, each encoding one segment after another until none is left.
    func start(threads count: Int) {
        condition.lock()
        runningThreads = count
        condition.unlock()
        for index in 0..<count {
            let thread = Thread { [self] in
                while let segment = claim() {
                    encode(segment)
                }
                condition.lock()
                runningThreads -= 1
                condition.broadcast()
                condition.unlock()
            }
            thread.name = "Flipbook segment encoder \(index)"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Waits until every thread has ended, calling `progress(encoded, rendered)` on this thread as
    /// frames are encoded; returns the first failure, if any.
    func waitForAll(progress: (Int, Int) -> Void) -> (any Error)? {
        condition.lock()
        var reported = 0
        while runningThreads > 0 {
            condition.wait()
            // Once per frame, as a one-encode render reports, and none after a stop.
            while reported < encodedFrames, failure == nil {
                reported += 1
                let rendered = renderedFrames
                condition.unlock()
                progress(reported, rendered)
                condition.lock()
            }
        }
        let result = failure?.error
        condition.unlock()
        return result
    }

    /// Stops every segment with `error` (an interruption).
    func cancel(_ error: FlipbookError) {
        condition.lock()
        record(error, segment: -1)
        let running = Array(pipelines.values)
        condition.unlock()
        for pipeline in running { pipeline.cancel(error) }
    }

    /// Counts frame `frame` (in the clip's encoded numbering) as encoded if `segment` writes it.
    private func countEncoded(_ frame: Int, of segment: SegmentLayout.Segment) {
        guard segment.frames.contains(frame) else { return }
        condition.lock()
        encodedFrames += 1
        renderedFrames = max(renderedFrames, encodedFrames)
        condition.broadcast()
        condition.unlock()
    }

    /// The frames segment `index` is fed that the next segment starts with, when this run hands them
    /// over: segments one after another, and fewer of them than the next one is fed.
    private func framesToHand(from index: Int) -> ClosedRange<Int>? {
        guard oneAtATime, index + 1 < layout.count else { return nil }
        let this = layout.segments[index].encodedFrames, next = layout.segments[index + 1].encodedFrames
        guard next.lowerBound > this.lowerBound, next.lowerBound <= this.upperBound else { return nil }
        let shared = next.lowerBound...this.upperBound
        return shared.count < next.count ? shared : nil
    }

    /// Whether `count` frames the size of `frame` fit in `bytes`.
    private static func fits(_ count: Int, of frame: ConvertedFrame, in bytes: Int) -> Bool {
        let each = frame.planes.reduce(0) { $0 + $1.count }
        let all = each.multipliedReportingOverflow(by: count)
        return !all.overflow && all.partialValue <= bytes
    }

    private func hand(_ frames: [ConvertedFrame], to segment: Int) {
        condition.lock()
        handover = (segment, frames)
        condition.unlock()
    }

    /// The frames handed to segment `index`, if any (and drops any others).
    private func takeHandover(for index: Int) -> [ConvertedFrame] {
        condition.lock()
        defer { condition.unlock() }
        let frames = handover?.segment == index ? handover?.frames ?? [] : []
        handover = nil
        return frames
    }

    private func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard failure == nil, nextSegment < layout.count else { return nil }
        nextSegment += 1
        return nextSegment - 1
    }

    /// Keeps the earliest segment's failure. Call with `condition` locked.
    private func record(_ error: any Error, segment: Int) {
        if let failure, failure.segment <= segment { return }
        failure = (segment, error)
        condition.broadcast()
    }

    private func encode(_ index: Int) {
        let segment = layout.segments[index]
        let wallStart = DispatchTime.now().uptimeNanoseconds
        let cpuStart = processCPUSeconds()
        let digest = caching?.identity.digest(of: segment)
        let handed = takeHandover(for: index)
        // The frames drawn here: those after the ones handed over.
        let drawn = (segment.encodedFrames.lowerBound + handed.count)...segment.encodedFrames.upperBound
        let pipeline = RenderPipeline(
            timeline: pass.timeline,
            frames: (pass.frames.lowerBound + drawn.lowerBound)...(pass.frames.lowerBound + drawn.upperBound),
            pixelFormat: pass.format.inputPixelFormat, background: background,
            output: pass.url.standardizedFileURL, depth: 2 * workersEach)
        let kept = framesToHand(from: index)
        var keeping: [ConvertedFrame] = []
        var encodeNanoseconds: UInt64 = 0
        do {
            if let caching, let digest, let bytes = try reuse(index, digest: digest, from: caching.cache) {
                let timing = SegmentTiming(
                    index: index, frames: segment.frames, encodedFrames: segment.encodedFrames,
                    wallTime: Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9,
                    cpuTime: processCPUSeconds().map { now in cpuStart.map { now - $0 } } ?? nil, bytes: bytes, reused: true)
                condition.lock()
                timings[index] = timing
                encodedFrames += segment.frames.count
                renderedFrames = max(renderedFrames, encodedFrames)
                condition.broadcast()
                condition.unlock()
                return
            }
            let encoder = try output.makeEncoder(segment: index, encoded: segment.encodedFrames, kept: segment.frames)
            condition.lock()
            let stopped = failure != nil
            if !stopped { pipelines[index] = pipeline }
            condition.unlock()
            if stopped { return }
            pipeline.start(workers: workersEach)
            defer {
                pipeline.stopAndJoin()
                condition.lock()
                pipelines[index] = nil
                condition.unlock()
            }
            let handedStart = DispatchTime.now().uptimeNanoseconds
            for (offset, frame) in handed.enumerated() {
                try encoder.append(frame)
                countEncoded(segment.encodedFrames.lowerBound + offset, of: segment)
            }
            encodeNanoseconds = DispatchTime.now().uptimeNanoseconds - handedStart
            // The stop is the pipeline's: a cancellation or another segment's failure cancels it.
            let loop = FrameLoop(pipeline: pipeline, count: drawn.count, checkStop: {})
            encodeNanoseconds += try loop.run(
                deliver: { frameIndex, frames in
                    let frame = try pipeline.only(frames, frame: frameIndex)
                    try encoder.append(frame)
                    if let kept, kept.contains(drawn.lowerBound + frameIndex),
                       keeping.count > 0 || Self.fits(kept.count, of: frame, in: spareBytes) {
                        keeping.append(frame)
                        pipeline.recycle([], encoded: frameIndex)
                    } else {
                        pipeline.recycle(frames, encoded: frameIndex)
                    }
                },
                delivered: { [self] frameIndex in countEncoded(drawn.lowerBound + frameIndex, of: segment) })
            if let kept, keeping.count == kept.count { hand(keeping, to: index + 1) }
            let start = DispatchTime.now().uptimeNanoseconds
            let packets = try encoder.finish()
            let bytes = packets.byteCount
            let stored = caching.map { _ in packets.storedBytes }
            try output.deliver(segment: index, packets: packets)
            if let caching, let digest, let stored, let header = output.streamHeader {
                try caching.cache.store(SegmentCache.Entry(header: header, packets: stored[...]), as: digest)
            }
            encodeNanoseconds += DispatchTime.now().uptimeNanoseconds - start
            let stages = pipeline.stageTimes
            let timing = SegmentTiming(
                index: index, frames: segment.frames, encodedFrames: segment.encodedFrames,
                wallTime: Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9,
                cpuTime: processCPUSeconds().map { now in cpuStart.map { now - $0 } } ?? nil, bytes: bytes)
            condition.lock()
            timings[index] = timing
            encodeTotal += encodeNanoseconds
            draw += stages.draw
            convert += stages.convert
            wait += stages.wait
            condition.unlock()
        } catch {
            condition.lock()
            // A segment stopped because another failed first fails with that segment's error.
            let stoppedByOthers = failure != nil
            if !stoppedByOthers { record(error, segment: index) }
            let running = Array(pipelines.values)
            condition.unlock()
            guard !stoppedByOthers else { return }
            let stop = FlipbookError(.interrupted, "\(pass.what): another segment failed first.")
            for other in running where other !== pipeline { other.cancel(stop) }
        }
    }

    /// Writes `segment`'s packets from the cache when it holds them under `digest`, encoded with
    /// this file's global header (the first segment so opens an encoder to start the stream, as a
    /// rendered one would); returns their bytes, or `nil` to render the segment.
    private func reuse(_ index: Int, digest: String, from cache: SegmentCache) throws -> Int? {
        guard let entry = cache.load(digest), let packets = try? KeptPackets.reading(stored: entry.packets) else { return nil }
        let segment = layout.segments[index]
        if output.streamHeader == nil {
            _ = try output.makeEncoder(segment: index, encoded: segment.encodedFrames, kept: segment.frames)
        }
        // The join's check: a segment encoded with other parameter sets would not decode here.
        guard output.streamHeader == entry.header else { return nil }
        let bytes = packets.byteCount
        try output.deliver(segment: index, packets: packets)
        return bytes
    }

    /// Adds time the calling thread spent finishing the file.
    func addEncodeTime(_ nanoseconds: UInt64) {
        condition.lock()
        encodeTotal += nanoseconds
        condition.unlock()
    }

    var encodeNanoseconds: UInt64 {
        condition.lock()
        defer { condition.unlock() }
        return encodeTotal
    }

    var stageTimes: (draw: TimeInterval, convert: TimeInterval, wait: TimeInterval) {
        condition.lock()
        defer { condition.unlock() }
        return (draw, convert, wait)
    }

    /// The segments' figures for the report.
    func segmentFigures(layout: SegmentLayout, atOnce: Int, output: SegmentedOutput) -> SegmentReport {
        condition.lock()
        defer { condition.unlock() }
        return SegmentReport(layout: layout, atOnce: atOnce, timings: (0..<layout.count).compactMap { timings[$0] },
                             cacheDirectory: caching?.cache.directory)
    }
}

/// The process's CPU time so far (user and system, every thread), or `nil` if the system does not say.
func processCPUSeconds() -> Double? {
    var usage = rusage()
    guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return nil }
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}
