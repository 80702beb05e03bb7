import Flipbook
import FlipbookRender
import FlipbookRaster
import FlipbookVideo
import Foundation

/// The measurements each child process makes (`flipbook-bench workload-child <id> <kind>`).
enum WorkloadChild {
    static func run(_ arguments: [String]) throws {
        guard arguments.count >= 2, var workload = Workload.named(arguments[0]),
              let kind = WorkloadMeasurement.Kind(rawValue: arguments[1]) else {
            throw FlipbookError.invalidInput("usage: workload-child <B1…B4> <endToEnd|floor|still|oneCore> [B1 seconds]")
        }
        // An optional third argument lengthens B1 (the memory-flatness check).
        if workload.id == "B1", arguments.count > 2, let seconds = Double(arguments[2]) {
            workload = Workload.seed(duration: seconds)
        }
        let timeline = try workload.timeline()
        let measurement: WorkloadMeasurement
        switch kind {
        case .endToEnd: measurement = try endToEnd(workload, timeline)
        case .floor: measurement = try floor(workload, timeline)
        case .still: measurement = try still(workload, timeline)
        case .oneCore: measurement = try oneCore(workload, timeline)
        }
        print(try measurement.line())
    }

    static func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-bench-\(getpid())-\(name)")
    }

    static func fileSize(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
    }

    /// The public render call, exactly as a user makes it.
    static func endToEnd(_ workload: Workload, _ timeline: Timeline) throws -> WorkloadMeasurement {
        let url = temporaryFile("\(workload.id).mp4")
        defer { try? FileManager.default.removeItem(at: url) }
        let (report, wall, cpu, others) = try Clock.measureWithOthers {
            try render(timeline, to: url, options: workload.options)
        }
        var m = WorkloadMeasurement(id: workload.id, kind: .endToEnd)
        m.othersCPU = others
        m.frames = report.frameCount
        m.wall = wall
        m.cpu = cpu
        m.draw = report.drawTime
        m.convert = report.convertTime
        m.encode = report.encodeTime
        m.wait = report.encoderWaitTime
        m.workers = report.workers
        m.encoderThreads = report.encoderThreads
        m.peakBytes = PeakMemory.highWaterMark()
        m.fileBytes = fileSize(url)
        return m
    }

    /// The encoder floor: every frame drawn and converted first (not timed, on all cores), then the
    /// same `VideoEncoder` with the same options encodes them alone (timed).
    static func floor(_ workload: Workload, _ timeline: Timeline) throws -> WorkloadMeasurement {
        let frames = try preconvert(timeline, background: workload.options.background)
        let url = temporaryFile("\(workload.id)-floor.mp4")
        defer { try? FileManager.default.removeItem(at: url) }
        var m = WorkloadMeasurement(id: workload.id, kind: .floor)
        m.residentBeforeEncoding = PeakMemory.current()
        let (_, wall, cpu, others) = try Clock.measureWithOthers {
            try encodeAsRenderDoes(frames, to: url, timeline: timeline, options: workload.options)
        }
        m.frames = frames.count
        m.othersCPU = others
        m.wall = wall
        m.cpu = cpu
        m.encode = wall
        m.encoderThreads = workload.options.resolvedEncoderThreads
        m.peakBytes = PeakMemory.highWaterMark()
        m.fileBytes = fileSize(url)
        return m
    }

    /// Encodes `frames` as `render` does: a bit-rate cap checked at full speed first, and held by
    /// the encoder on one thread only if the stream went over it (`RateCapPass`).
    static func encodeAsRenderDoes(_ frames: [YUVFrame], to url: URL, timeline: Timeline, options: VideoOptions) throws {
        func encode(_ pass: RateCapPass) throws {
            var options = options
            options.rateCapPass = pass
            let encoder = try VideoEncoder(
                url: url, width: timeline.pixelWidth, height: timeline.pixelHeight, fps: timeline.fps, options: options,
                failAfterBytes: nil)
            for frame in frames { try encoder.append(frame) }
            try encoder.finish()
        }
        do {
            try encode(.checked)
        } catch is RateCapExceeded {
            try encode(.held)
        }
    }

    /// Draws and converts every frame of `timeline` (or its frames `range`), one strided share of
    /// the frames per core.
    static func preconvert(_ timeline: Timeline, frames range: ClosedRange<Int>? = nil, background: Color) throws
        -> [YUVFrame] {
        let first = range?.lowerBound ?? 0
        let total = range?.count ?? timeline.frameCount
        let cores = max(1, min(ProcessInfo.processInfo.activeProcessorCount, total))
        let frames = FrameSlots(count: total)
        DispatchQueue.concurrentPerform(iterations: cores) { worker in
            guard var bitmap = try? Bitmap(width: timeline.pixelWidth, height: timeline.pixelHeight) else { return }
            for index in stride(from: worker, to: total, by: cores) {
                timeline.draw(frame: first + index, into: &bitmap)
                var frame = YUVFrame(width: bitmap.width, height: bitmap.height)
                convert(bitmap, background: background, into: &frame)
                frames.set(index, frame)
            }
        }
        return try frames.all()
    }

    /// B4: `renderStill` end to end, then drawing and PNG writing timed apart.
    static func still(_ workload: Workload, _ timeline: Timeline) throws -> WorkloadMeasurement {
        let time = workload.stillTime ?? 0
        let url = temporaryFile("\(workload.id).png")
        defer { try? FileManager.default.removeItem(at: url) }
        // One warm-up, so the figure is not the first-touch cost of fresh memory pages.
        try renderStill(timeline, at: time, to: url)
        let (_, wall, cpu, others) = try Clock.measureWithOthers { try renderStill(timeline, at: time, to: url) }
        var m = WorkloadMeasurement(id: workload.id, kind: .still)
        m.othersCPU = others
        m.frames = 1
        m.wall = wall
        m.cpu = cpu
        m.fileBytes = fileSize(url)
        var bitmap = try Bitmap(width: timeline.pixelWidth, height: timeline.pixelHeight)
        m.stillDraw = Clock.measure { timeline.draw(at: time, into: &bitmap) }.wall
        m.stillPNG = try Clock.measure { try bitmap.writePNG(to: url) }.wall
        m.peakBytes = PeakMemory.highWaterMark()
        return m
    }

    /// One core: drawing every third frame from 1.5 s on (for B2, when five
    /// 2000-particle bursts — 10,000 particles — are alive) and converting one to YUV in full, each
    /// the median of thread CPU time per frame.
    static func oneCore(_ workload: Workload, _ timeline: Timeline) throws -> WorkloadMeasurement {
        var bitmap = try Bitmap(width: timeline.pixelWidth, height: timeline.pixelHeight)
        let first = timeline.fps.frameCount(forDuration: 1.5) ?? 0
        let indices = Array(stride(from: first, to: timeline.frameCount, by: 3))
        timeline.draw(frame: first, into: &bitmap)  // warm-up
        var draws: [Double] = []
        for index in indices {
            let start = Clock.threadCPU()
            timeline.draw(frame: index, into: &bitmap)
            draws.append(Clock.threadCPU() - start)
        }
        // Every pixel converted: forgetting what the bitmap was cleared to turns off the conversion's
        // dirty-tile shortcut, so this is the worst case of a frame changed everywhere.
        try bitmap.withUnsafeMutableBytes { _, _ in }
        var frame = YUVFrame(width: bitmap.width, height: bitmap.height)
        convert(bitmap, background: workload.options.background, into: &frame)
        var converts: [Double] = []
        for _ in 0..<100 {
            let start = Clock.threadCPU()
            convert(bitmap, background: workload.options.background, into: &frame)
            converts.append(Clock.threadCPU() - start)
        }
        var m = WorkloadMeasurement(id: workload.id, kind: .oneCore)
        m.frames = indices.count
        m.drawMillisecondsPerFrame = median(draws) * 1000
        m.convertMillisecondsPerFrame = median(converts) * 1000
        return m
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// Frames filled in by several threads at distinct indices.
private final class FrameSlots: @unchecked Sendable {
    // @unchecked: `slots` is only touched with `lock` held.
    private let lock = NSLock()
    private var slots: [YUVFrame?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ frame: consuming YUVFrame) {
        lock.lock()
        slots[index] = frame
        lock.unlock()
    }

    func all() throws -> [YUVFrame] {
        lock.lock()
        defer { lock.unlock() }
        let frames = slots.compactMap { $0 }
        guard frames.count == slots.count else {
            throw FlipbookError(.codec, "Could not allocate a bitmap to pre-draw the floor's frames.")
        }
        return frames
    }
}
