import CFFmpeg
import FlipbookCore
import Foundation

/// A video file as a source of frames, shared by every layer and every worker that shows it.
///
/// The frame shown at source time `s` is the frame whose presentation interval `[ptsᵢ, ptsᵢ₊₁)`
/// holds `s`, compared in the stream's own ticks, exactly; before the first frame the first is
/// shown, after the last the last holds. Time 0 is the stream's start time (after the container's
/// edit list, as players apply them).
///
/// Frames are decoded once per source: a request seeks to the keyframe before it (a late point in a
/// long file never decodes from its start) or decodes on from the frames just decoded, and the
/// converted frames are kept within a budget (``frameBudget``), so every worker, range and
/// sub-frame asking for the same time gets the same pixels.
public final class VideoSource: @unchecked Sendable {
    // @unchecked: every use of the decoder and the cache holds `lock`.
    /// The file.
    public let url: URL
    let stream: VideoStream
    private let lock = NSLock()
    private let input: VideoInput
    private let converter: VideoFrameConverter
    private var cache: [(tick: Int64, end: Int64, bitmap: Bitmap)] = []
    /// After a failure the decoder's position is unknown: the next request seeks.
    private var mustSeek = false
    /// The first frame's tick, once a seek to the start has found it later than the start time:
    /// earlier times show that frame.
    private var firstTick: Int64?

    /// The most converted frames kept: enough for the workers drawing neighbouring frames.
    public static let frameBudget = 16
    /// How far past the last decoded frame decoding goes on rather than seeking, in seconds, unless a
    /// keyframe is known to lie between.
    static let decodeOnLimit: Double = 10

    /// Opens the video file at `url`.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) naming the file: missing, unreadable, not an allowed
    ///   format, no video stream, an unsupported codec, frames larger than ``VideoFile`` allows, HDR.
    public convenience init(contentsOf url: URL) throws {
        try self.init(contentsOf: url, keyPath: "")
    }

    /// Opens the video file at `url`; an HDR one (PQ or HLG) is brought down to SDR with `toneMap`,
    /// which SDR files ignore.
    ///
    /// - Throws: as ``init(contentsOf:)``; HDR only when `toneMap` is `nil`.
    public convenience init(contentsOf url: URL, toneMap: ToneMap?) throws {
        try self.init(contentsOf: url, keyPath: "", toneMap: toneMap)
    }

    /// As the public initializers, naming `keyPath` (the layer's `src`) in its errors.
    package init(contentsOf url: URL, keyPath: String, toneMap: ToneMap? = nil) throws {
        let problem = VideoFileProblem(url: url, keyPath: keyPath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw problem.error("does not exist")
        }
        guard !isDirectory.boolValue else { throw problem.error("is a folder") }
        guard FileManager.default.isReadableFile(atPath: url.path) else { throw problem.error("cannot be read (permission denied)") }
        quietVideoLogging()
        self.url = url
        let input = try Self.openInput(url, problem: problem, toneMap: toneMap)
        let stream = input.stream
        self.input = input
        self.stream = stream
        converter = VideoFrameConverter(toneMapper: stream.hdrTransfer.flatMap { transfer in
            toneMap.map { ToneMapper(curve: $0, transfer: transfer, maxContentLight: stream.maxContentLight) }
        })
        // A small file that does not state its length (an APNG) is measured by reading its packets.
        let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)??.intValue ?? .max
        scannedEnd = stream.durationTicks == nil && bytes <= Self.measuredFileBytes ? try input.scanEnd() : nil
    }

    /// Opens `url`'s demuxer and decoder; a GIF whose disposal FFmpeg would compose otherwise than
    /// browsers do is opened from a copy that makes it compose the same
    /// (``AnimatedImageFile/withBrowserDisposal(_:)``), removed once open: the demuxer keeps its descriptor.
    private static func openInput(_ url: URL, problem: VideoFileProblem, toneMap: ToneMap?) throws -> VideoInput {
        let head = (try? FileHandle(forReadingFrom: url)).flatMap { file in
            defer { try? file.close() }
            return try? file.read(upToCount: 4)
        }
        guard head == Data("GIF8".utf8), let bytes = try? Data(contentsOf: url),
              let patched = AnimatedImageFile.withBrowserDisposal(bytes) else {
            return try VideoInput(url: url, problem: problem, keep: frameBudget, toneMap: toneMap)
        }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-gif-\(UUID().uuidString).gif")
        // Whole or not at all: a copy cut short (a full disk) would open as a shorter animation.
        try? patched.write(to: copy, options: .atomic)
        defer { try? FileManager.default.removeItem(at: copy) }
        guard FileManager.default.fileExists(atPath: copy.path) else {
            return try VideoInput(url: url, problem: problem, keep: frameBudget, toneMap: toneMap)
        }
        return try VideoInput(url: copy, problem: problem, keep: frameBudget, toneMap: toneMap)
    }

    /// The largest file whose length is measured by reading its packets when its container does not state it.
    static let measuredFileBytes = 64 << 20
    /// The end of the last packet, when ``VideoStream/durationTicks`` is unknown and the file was measured.
    private let scannedEnd: Int64?

    /// The picture's size in pixels as shown: stretched by the pixel aspect ratio, turned by the display matrix.
    public var displaySize: CGSize { stream.displaySize }
    /// Clockwise quarter turns applied to the decoded picture (a phone's portrait clip: 1).
    public var quarterTurns: Int { stream.quarterTurns }
    /// Whether the file has a sound track too.
    public var hasAudio: Bool { stream.hasAudio }
    /// The source's length in seconds as the container states it, exact; `nil` when it does not.
    package var length: ExactTime? {
        let ticks = stream.durationTicks ?? scannedEnd.map { $0 - stream.startTick }
        return ticks.flatMap { ExactTime(seconds: $0).multiplied(by: stream.timeBase) }
    }
    /// The source's length in seconds, when the container states it.
    public var duration: TimeInterval? { length?.seconds }

    /// The frame shown at `time` seconds of source time, exactly.
    ///
    /// - Throws: ``FlipbookError`` (a decoding failure, exit status 1) naming the file and the time.
    /// With `justBefore`, the frame shown just before `time` (the last frame of a part ending there).
    package func frame(at time: ExactTime, justBefore: Bool = false) throws -> Bitmap {
        lock.lock()
        defer { lock.unlock() }
        let seconds = time.seconds
        guard var offset = time.ticks(timeBase: stream.timeBase) else {
            throw input.problem.failure(at: seconds, "the time is beyond the stream's clock")
        }
        // The tick before the one `time` starts: `ceil(time) - 1` in ticks.
        if justBefore, let whole = ExactTime(offset, 1)?.multiplied(by: stream.timeBase), !(whole < time) { offset -= 1 }
        let (tick, overflow) = stream.startTick.addingReportingOverflow(max(0, offset))
        guard !overflow else { throw input.problem.failure(at: seconds, "the time is beyond the stream's clock") }
        let target = max(tick, firstTick ?? tick)
        if let cached = cache.lastIndex(where: { $0.tick <= target && target < $0.end }) {
            let entry = cache.remove(at: cached)
            cache.append(entry)
            return entry.bitmap
        }
        do {
            let index = try decode(toTick: target, seconds: seconds)
            return try keep(index, seconds: seconds)
        } catch {
            mustSeek = true
            throw error
        }
    }

    /// Brings the frame holding `target` into the decoder's recent frames and returns its index there.
    private func decode(toTick target: Int64, seconds: Double) throws -> Int {
        if !mustSeek, let index = input.recentIndex(holding: target) { return index }
        if mustSeek || !shouldDecodeOn(to: target) {
            try seek(to: target, seconds: seconds)
            mustSeek = false
            if let index = input.recentIndex(holding: target) { return index }
            if let firstTick, target < firstTick, input.recent.first?.tick == firstTick { return 0 }
        }
        while try input.decodeNext(near: seconds) {
            if let index = input.recentIndex(holding: target) { return index }
        }
        // The stream ended: its last frame holds.
        guard !input.recent.isEmpty else { throw input.problem.failure(at: seconds, "no frame could be decoded") }
        return input.recent.count - 1
    }

    /// Whether decoding on from the last decoded frame reaches `target` sooner than seeking.
    private func shouldDecodeOn(to target: Int64) -> Bool {
        guard let last = input.recent.last, last.tick <= target else { return false }
        if input.ended { return true }
        if target > last.tick, input.knowsKeyframe(in: (last.tick + 1)...target) { return false }
        return Double(target - last.tick) * stream.timeBase.seconds <= Self.decodeOnLimit
    }

    /// Seeks to the keyframe at or before `target` and decodes its first frame; when the demuxer lands
    /// after `target`, seeks further back, down to the start, where the first frame holds anything before it.
    private func seek(to target: Int64, seconds: Double) throws {
        var back: Int64 = 0
        let second = max(1, stream.timeBase.denominator / max(1, stream.timeBase.numerator))
        while true {
            let (tick, overflow) = target.subtractingReportingOverflow(back)
            let fromStart = overflow || tick <= stream.startTick
            try input.seek(toTick: fromStart ? stream.startTick : tick)
            guard try input.decodeNext(near: seconds), let first = input.recent.first else { return }
            if first.tick <= target { return }
            if fromStart {
                // Nothing comes before this frame: it holds from the start.
                firstTick = first.tick
                return
            }
            back = back == 0 ? second : back.multipliedReportingOverflow(by: 4).partialValue
        }
    }

    /// Converts recent frame `index` (once) and keeps it within the budget.
    private func keep(_ index: Int, seconds: Double) throws -> Bitmap {
        let decoded = input.recent[index]
        let end = decoded.end ?? (input.ended && index == input.recent.count - 1 ? .max : decoded.tick + 1)
        let bitmap = try converter.bitmap(of: decoded.frame, width: stream.width, height: stream.height,
                                          problem: input.problem, seconds: seconds)
        cache.append((tick: decoded.tick == firstTick ? Int64.min : decoded.tick, end: end, bitmap: bitmap))
        if cache.count > Self.frameBudget { cache.removeFirst() }
        return bitmap
    }
}

/// Keeps libav's informational lines off stderr unless the host program chose a log level.
private func quietVideoLogging() {
    if av_log_get_level() == AV_LOG_INFO { av_log_set_level(AV_LOG_ERROR) }
}
