import FlipbookCore
import FlipbookAnimation
import FlipbookDrawing
import FlipbookVideo
import Foundation

/// Everything about one output, decided before anything is drawn: where it goes, what kind of
/// file it is (container, codec, pixel format and alpha, or a still's format), the timeline and
/// its size, the frames (or the still's moment), and the encoder's settings.
///
/// ``RenderRequest/plan(relativeTo:expecting:)`` makes one; ``run(workers:cancellation:progress:)``
/// renders it; `flipbook render --dry-run` prints it (``summary``, or ``json()``).
public struct OutputPlan: Sendable {
    /// The file to write (a `%05d` pattern for a PNG sequence).
    public var destination: URL
    /// A clip in a container, or a still.
    public var kind: OutputKind
    /// What to draw, at the size and scale the output has.
    public var timeline: Timeline
    /// For a clip: the frames written, as a clip of their own starting at time 0 (all of them
    /// unless a range was asked for); a part's frames are its ``part``'s.
    public var frames: ClosedRange<Int>?
    /// For a GIF from a timeline faster than a GIF plays: the rate it is written at, said once.
    public var rateNote: String?
    /// For a clip rendered in parts: this part.
    public var part: ClipPart?
    /// For a clip: the container, codec, pixel format and whether alpha is kept.
    public var format: OutputFormat?
    /// For a clip: the encoder's settings, with the quality shortcut applied.
    public var options: VideoOptions?
    /// For a PNG still: zlib's compression level.
    public var pngCompression = Bitmap.defaultPNGCompression
    /// For a still: its format and moment in seconds.
    public var still: (format: StillFormat, time: TimeInterval)?
    /// Bytes the encoders of a clip's segments may hold together (``SegmentLayout``), which caps
    /// how many run at once; `nil` for the machine's memory less a margin. Never changes the file.
    public var memoryBudget: Int?
    /// Segments encoded at once, fixed; `nil` decides from the cores and ``memoryBudget``. For
    /// tests and benchmarks: it never changes the file.
    package var segmentEncoders: Int?
    /// The cache the clip's segments are reused from and stored in (`--cache`), with their identity.
    var caching: SegmentCaching?
    /// The folder the clip's segments are reused from and stored in (`--cache`), or `nil`.
    public var segmentCache: SegmentCache? { caching?.cache }

    init(destination: URL, kind: OutputKind, timeline: Timeline, frames: ClosedRange<Int>?,
         still: (StillFormat, TimeInterval)?) {
        self.destination = destination
        self.kind = kind
        self.timeline = timeline
        self.frames = frames
        self.still = still.map { (format: $0.0, time: $0.1) }
    }

    /// The frames a clip writes: its part's or its range.
    public var framesWritten: ClosedRange<Int> {
        part?.frames ?? frames ?? 0...0
    }

    /// Renders the plan; returns the report (a still's has one frame and no format).
    @discardableResult
    public func run(
        workers: Int? = nil, cancellation: RenderCancellation? = nil, progress: ((RenderProgress) -> Void)? = nil
    ) throws -> RenderReport {
        if let still {
            let started = DispatchTime.now().uptimeNanoseconds
            try writeStill(timeline, at: still.time, to: destination, format: still.format, pngCompression: pngCompression,
                           cancellation: cancellation)
            let wall = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            var report = RenderReport(
                url: destination, frameCount: 1, duration: 0, wallTime: wall, framesPerSecond: wall > 0 ? 1 / wall : 0,
                workers: 1, encoderThreads: 0, drawTime: wall, convertTime: 0, encodeTime: 0, encoderWaitTime: 0,
                peakMemoryBytes: PeakMemory.highWaterMark())
            report.pixelWidth = timeline.pixelWidth
            report.pixelHeight = timeline.pixelHeight
            return report
        }
        // Everything was checked and resolved when the plan was made: nothing is read or checked again.
        guard let format, let options else { throw FlipbookError.internal("a clip's plan has no format") }
        if let part {
            return try renderPart(timeline, part: part, to: destination, format: format, options: options,
                                  workers: workers, cancellation: cancellation, progress: progress)
        }
        var report = try renderClip(timeline, frames: framesWritten, to: destination, format: format, options: options,
                                    workers: workers, segmenting: segmenting, cancellation: cancellation,
                                    progress: progress)
        report.addTimingNote(rateNote)
        return report
    }
}
