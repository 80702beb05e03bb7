import CFFmpeg
import FlipbookAudio
import FlipbookCore
import Foundation

/// One video file written from a clip encoded in segments, each by its own encoder
/// (``SegmentEncoder``), possibly at the same time: the packets of each segment are written in the
/// segments' order, with decoding timestamps that run on across every join, behind one global
/// header that every segment must share.
///
/// Segments may finish in any order; a segment that finishes before the ones ahead of it waits in
/// memory (its packets only) until they are written. The file appears at its name only when
/// ``finish()`` succeeds; a failure or an abandoned output leaves no temporary file behind.
///
/// The sound, when the clip has one, is encoded once, whole, by one encoder, as the picture's
/// packets are written in order, so the muxer interleaves the two as it does for one encode: the
/// sound's packets are the same bytes as one encode's.
package final class SegmentedOutput: @unchecked Sendable {
    // @unchecked: every mutable property is used with `lock` held.

    /// What every segment's encoder is opened with: the same for all, so their parameter sets match.
    package struct Settings: Sendable {
        var file: URL
        var format: OutputFormat
        var options: VideoOptions
        var fps: FrameRate
        var encodedWidth: Int
        var encodedHeight: Int
        var globalHeader: Bool
    }

    private let lock = NSLock()
    private let settings: Settings
    private let what: String
    private let segmentCount: Int
    private var output: PartialOutputFile?
    private var sink: FileSink?
    private var muxer: Muxer?
    private var header: [UInt8]?
    private var timeBase = AVRational(num: 1, den: 1)
    private var rateCheck: RateBufferCheck?
    private var level: SegmentLevel?
    private var waiting: [Int: KeptPackets] = [:]
    private var nextSegment = 0
    private var written = 0
    private var firstDecodingTimestamp: Int64?
    /// The sound's one encoder, fed as the picture's packets are written.
    private var audio: AudioEncoder?
    /// The latest frame whose packet was written, which the sound is encoded up to.
    private var latestFrame: Int64 = -1
    /// Bytes of each segment's packets, in segment order, as they are written.
    package private(set) var segmentBytes: [Int] = []

    /// Creates the temporary file beside `url` and the container's muxer for `segmentCount` segments.
    ///
    /// - Throws: ``FlipbookError`` when the destination cannot be written or libav fails.
    package init(url: URL, width: Int, height: Int, fps: FrameRate, format: OutputFormat, options: VideoOptions,
                 segmentCount: Int, audio track: PendingSound? = nil) throws {
        let destination = url.standardizedFileURL
        what = format.container.capabilities.displayName
        self.segmentCount = segmentCount
        let (encodedWidth, encodedHeight) = ConvertedFrame.encodedSize(width: width, height: height, format: format.pixelFormat)
        quietLibavLogging()
        let output = try PartialOutputFile(destination: destination, what: what)
        do {
            let sink = try FileSink(creating: output.temporary, failAfterBytes: nil)
            let muxer = try Muxer(format, temporary: output.temporary, sink: sink, file: destination)
            settings = Settings(file: destination, format: format, options: options, fps: fps, encodedWidth: encodedWidth,
                                encodedHeight: encodedHeight, globalHeader: muxer.needsGlobalHeader)
            if let track, !format.container.capabilities.audioCodecs.isEmpty {
                audio = try AudioEncoder(track, globalHeader: muxer.needsGlobalHeader, file: destination, what: what)
            }
            self.sink = sink
            self.muxer = muxer
            self.output = output
        } catch {
            output.discard()
            throw error
        }
    }

    /// Opens the encoder of `segment`, whose frames are `kept`, fed the frames `encoded`.
    ///
    /// The first encoder opened describes the file's stream and writes its header; every other
    /// must have the same global header (x264 opened with the same parameters writes the same SPS
    /// and PPS), or the file could not be decoded past the first join.
    ///
    /// - Throws: ``FlipbookError`` when libav fails, or (kind `.internal`) when a segment's
    ///   parameter sets differ from the first's.
    package func makeEncoder(segment: Int, encoded: ClosedRange<Int>, kept: ClosedRange<Int>) throws -> SegmentEncoder {
        let encoder = try SegmentEncoder(output: settings, encoded: encoded, kept: kept)
        let extradata = encoder.extradata
        lock.lock()
        defer { lock.unlock() }
        if let header {
            guard header == extradata else {
                throw FlipbookError(.internal,
                    "Cannot write \(what) \(settings.file.path): segment \(segment + 1)'s encoder wrote other parameter "
                        + "sets than the first segment's, so the segments cannot share one stream.")
            }
            return encoder
        }
        guard let muxer else { throw closed() }
        let frameEncoder = try encoder.openEncoder()
        try muxer.start(encoder: frameEncoder, fps: settings.fps, options: settings.options, audio: audio)
        timeBase = frameEncoder.timeBase
        rateCheck = frameEncoder.checkedCap.map { RateBufferCheck(cap: $0, fps: settings.fps) }
        level = settings.format.codec == .h264 ? try SegmentLevel(encoder: frameEncoder) : nil
        header = extradata
        return encoder
    }

    /// The global header every segment shares (H.264's SPS and PPS), once the first encoder has
    /// opened; `nil` before. A stored segment joins the file only when it was encoded with this one.
    package var streamHeader: [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return header
    }

    /// Takes the packets of `segment` and writes every segment now next in line.
    ///
    /// - Throws: ``FlipbookError`` when writing fails, and ``RateCapExceeded`` when the stream, as
    ///   written so far, goes over the cap it is checked against (``RateCapPass/checked``).
    package func deliver(segment: Int, packets: KeptPackets) throws {
        lock.lock()
        defer { lock.unlock() }
        waiting[segment] = packets
        while let next = waiting.removeValue(forKey: nextSegment) {
            try write(next)
            nextSegment += 1
        }
    }

    /// Writes one segment's packets. Decoding timestamps are made anew, the packet's place in the
    /// file after the first packet's: each segment's encoder counts from its own first frame, and
    /// one encode's would run on without a jump.
    private func write(_ packets: KeptPackets) throws {
        guard let muxer else { throw closed() }
        segmentBytes.append(packets.byteCount)
        try packets.drain { packet in
            try rateCheck?.take(packetBytes: Int(packet.pointee.size))
            level?.rates?.add(bytes: Int(packet.pointee.size), pts: packet.pointee.pts)
            let first = firstDecodingTimestamp ?? packet.pointee.dts
            firstDecodingTimestamp = first
            packet.pointee.dts = first + Int64(written)
            written += 1
            let frame = packet.pointee.pts
            try muxer.write(packet, timeBase: timeBase, frame: Int(frame))
            try encodeAudio(throughFrame: frame, muxer: muxer)
        }
    }

    /// The sound up to the end of frame `frame` (or of the latest frame written, if later), so the
    /// muxer interleaves the two a frame apart.
    private func encodeAudio(throughFrame frame: Int64, muxer: Muxer) throws {
        guard let audio else { return }
        latestFrame = max(latestFrame, frame)
        let end = AudioSamples.frame(ofVideoFrame: Int(latestFrame) + 1, fps: settings.fps) - audio.planned.firstSample
        try audio.encode(upTo: end) { packet in try muxer.writeAudio(packet, timeBase: audio.timeBase) }
    }

    /// The packets written so far.
    package var packetCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return written
    }

    /// Writes the container's index, signals the H.264 level the stream fits as one encode's file
    /// would (``SegmentLevel``), and moves the finished file to its name. Returns the level and why
    /// (`nil` for other codecs).
    ///
    /// - Throws: ``FlipbookError`` when a segment was never delivered or writing fails; the
    ///   temporary file is removed then.
    package func finish() throws -> LevelChoice? {
        lock.lock()
        defer { lock.unlock() }
        guard let muxer, let sink, let output else { throw closed() }
        guard nextSegment == segmentCount else {
            throw FlipbookError(.internal,
                "Cannot write \(what) \(settings.file.path): \(segmentCount - nextSegment) of \(segmentCount) segments were not written.")
        }
        if let audio {
            try audio.finish { packet in try muxer.writeAudio(packet, timeBase: audio.timeBase) }
        }
        try muxer.finish()
        let choice = try level?.signal(fps: settings.fps, sink: sink, file: settings.file, what: what)
        audio = nil
        self.muxer = nil
        try sink.close()
        self.sink = nil
        try output.commit(what: what)
        self.output = nil
        return choice
    }

    /// Frees the muxer and removes the temporary file; the destination keeps what it had.
    package func abandon() {
        lock.lock()
        defer { lock.unlock() }
        waiting.removeAll()
        audio = nil
        muxer = nil
        sink = nil
        output?.discard()
        output = nil
    }

    private func closed() -> FlipbookError {
        FlipbookError(.codec, "Cannot write \(what) \(settings.file.path): the output is already closed.")
    }

    deinit {
        audio = nil
        muxer = nil
        sink = nil
        output?.discard()
    }
}
