import FlipbookAnimation
import FlipbookDrawing
import FlipbookVideo
import Foundation

/// One drawing of a clip feeding several sinks: every frame is drawn once on the workers,
/// converted there into each distinct layout the sinks ask for (``FrameLayout``), and handed to
/// each sink in order on the calling thread, where the encoders take turns (each with its own
/// threads). The first failure of any sink, frame or cancellation stops them all.
///
/// A sink whose stream goes over the bit-rate cap it is checked against (``RateCapExceeded``) is
/// left out from then on, its file removed, and reported: the caller encodes that output again on
/// its own, held to the cap, as a render of it alone would.
struct SharedPass {
    /// One output fed by the pass.
    struct Output {
        var url: URL
        var format: OutputFormat
        var options: VideoOptions
        /// The output's timeline: the drawn one, or for a GIF at a lower rate the same at that rate.
        var timeline: Timeline
        /// The output takes drawn frames 0, step, 2 × step, … (a GIF at a lower rate: ``timelineForGIF(_:format:)``).
        var step: Int
        /// How many frames the output writes.
        var frameCount: Int
        /// The sound the output carries, if any.
        var audio: AudioTrack?
    }

    /// What a finished pass leaves for each output: its outcome, or the cap it went over.
    enum Result {
        case finished(RenderPass.Outcome)
        case overCap(RateCapExceeded)
    }

    /// What is drawn, and the frames (a clip of their own from time 0).
    var timeline: Timeline
    var frames: ClosedRange<Int>
    var outputs: [Output]
    var workerCount: Int
    var stop: RenderCancellation
    var progress: ((RenderProgress) -> Void)?
    /// When the render started, for the progress's elapsed time.
    var started: UInt64

    /// The beginning of every message about this render: its first output.
    var what: String { "Cannot render \(outputs.first?.url.path ?? "")" }

    /// Draws every frame once and encodes each output with its options (a rate cap checked, not held).
    func run() throws -> [Result] {
        // Every sink opened first: each destination is checked (and each encoder opened) before any thread starts.
        var sinks: [(any FrameSink)?] = []
        for output in outputs {
            var options = output.options
            options.rateCapPass = .checked
            sinks.append(try makeFrameSink(
                url: output.url, width: timeline.pixelWidth, height: timeline.pixelHeight, fps: output.timeline.fps,
                format: output.format, options: options, firstNumber: frames.lowerBound, firstTimestamp: 0,
                audio: output.audio))
        }
        // Outputs that ask for the same layout share one conversion of each frame.
        var layouts: [FrameLayout] = []
        let layoutOf: [Int] = outputs.map { output in
            let layout = FrameLayout(pixelFormat: output.format.inputPixelFormat,
                                     background: output.format.background(output.options), step: output.step,
                                     count: output.frameCount)
            if let index = layouts.firstIndex(of: layout) { return index }
            layouts.append(layout)
            return layouts.count - 1
        }
        let passStarted = DispatchTime.now().uptimeNanoseconds
        let pipeline = RenderPipeline(timeline: timeline, frames: frames, layouts: layouts,
                                      output: outputs[0].url.standardizedFileURL, depth: 2 * workerCount)
        let what = what
        let wake = stop.onCancel { reason in pipeline.cancel(FlipbookError.interrupted(what, reason: reason)) }
        defer { stop.removeHandler(wake) }
        pipeline.start(workers: workerCount)
        defer { pipeline.stopAndJoin() }

        var results: [Result?] = outputs.map { _ in nil }
        var encodeNanoseconds = outputs.map { _ in UInt64(0) }
        /// Runs `work` on output `index`'s sink, timed; a stream over its cap leaves the pass.
        func feed(_ index: Int, _ work: (any FrameSink) throws -> Void) throws {
            guard let sink = sinks[index] else { return }
            let start = DispatchTime.now().uptimeNanoseconds
            defer { encodeNanoseconds[index] += DispatchTime.now().uptimeNanoseconds - start }
            do {
                try work(sink)
            } catch let exceeded as RateCapExceeded {
                sinks[index] = nil
                results[index] = .overCap(exceeded)
            }
        }

        let total = frames.count
        for index in 0..<total {
            if Task.isCancelled { stop.cancel(.cancelled) }
            try stop.checkCancellation(what)
            let converted = try pipeline.takeFrames(index)
            for output in outputs.indices {
                guard let frame = converted[layoutOf[output]] else { continue }
                try feed(output) { try $0.append(frame) }
            }
            pipeline.recycle(consume converted, encoded: index)
            if let progress {
                let now = DispatchTime.now().uptimeNanoseconds
                let seconds = Double(now - passStarted) / 1e9
                let rate = seconds > 0 ? Double(index + 1) / seconds : 0
                progress(RenderProgress(
                    framesRendered: pipeline.framesRendered, framesEncoded: index + 1, totalFrames: total,
                    framesPerSecond: rate, estimatedTimeRemaining: rate > 0 ? Double(total - index - 1) / rate : nil,
                    elapsed: Double(now - started) / 1e9))
            }
        }
        if Task.isCancelled { stop.cancel(.cancelled) }
        try stop.checkCancellation(what)
        for output in outputs.indices { try feed(output) { try $0.finish() } }
        let stages = pipeline.stageTimes
        return outputs.indices.map { index in
            if let result = results[index] { return result }
            return .finished(RenderPass.Outcome(sink: sinks[index], encodeNanoseconds: encodeNanoseconds[index],
                                                stages: stages))
        }
    }
}
