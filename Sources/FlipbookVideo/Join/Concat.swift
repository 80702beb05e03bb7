import CFFmpeg
import FlipbookAudio
import FlipbookCore
import Foundation

/// What ``concat(_:to:)`` wrote.
public struct ConcatReport: Sendable, Equatable {
    /// The joined file.
    public var url: URL
    /// How many parts were joined.
    public var partCount: Int
    /// The joined clip's frames: the whole clip's.
    public var frameCount: Int
    /// The joined clip's length in seconds.
    public var duration: TimeInterval
}

/// Joins chunks of one clip, rendered apart (``ChunkRecord`` in each), into one file without
/// re-encoding: the packets are copied as they are, in frame order, with the whole clip's
/// timestamps, into the container `url`'s extension names (MP4, MOV, Matroska or WebM, with the
/// `moov` index at the front for MP4 and MOV).
///
/// Sound is copied the same way, never re-encoded. Each chunk encoded the whole clip's sound from
/// its first sample and kept the packets that start within its frames (the first chunk also the
/// encoder's priming, the last one its flush), so the joined audio packets are a single render's,
/// byte for byte, and decode to its samples exactly: sample for sample, with no gap, click or
/// repeated samples at the joins, although AAC's 1024-sample and Opus's 960-sample packets straddle
/// them. Chunks with sound join into their own kind of file (MP4 or MOV chunks into MP4 or MOV,
/// Matroska or WebM chunks into Matroska or WebM).
///
/// The parts may be given in any order. Everything is checked before anything is written: each
/// file must exist, be readable to its last packet, carry a chunk record, and hold exactly the
/// frames its record names; all must come from the same scene and options (the same digests and
/// the same stream parameters); and together they must cover the clip's frames once each.
///
/// - Throws: ``FlipbookError`` of kind ``FlipbookError/Kind/invalidInput`` naming the file and
///   the reason (a missing chunk, a duplicate, a chunk of another scene or options, a broken file,
///   a format that cannot be joined by remuxing); a file error when writing fails. Nothing is
///   left at `url` then (a file already there stays as it was).
@discardableResult
public func concat(_ parts: [URL], to url: URL) throws -> ConcatReport {
    let what = "Cannot join \(url.path)"
    func refuse(_ reason: String) -> FlipbookError { FlipbookError.invalidInput("\(what): \(reason)") }
    guard !parts.isEmpty else { throw refuse("no chunk files were given.") }
    let container = try VideoContainer(for: url)
    if container == .pngSequence {
        throw refuse("a PNG sequence needs no joining: the chunks' frames are already files of the same sequence.")
    }
    guard container.capabilities.joinsByRemuxing else {
        throw refuse("\(container.capabilities.displayName) cannot be joined without re-encoding; "
            + "join \(VideoContainer.joinableNames) chunks.")
    }
    let destination = url.standardizedFileURL
    var seen: Set<String> = []
    var chunks: [(reader: ClipReader, record: ChunkRecord)] = []
    var reorderDelay = 0
    for part in parts {
        let path = part.standardizedFileURL.path
        guard seen.insert(path).inserted else { throw refuse("\(part.path) is given twice.") }
        guard path != destination.path else { throw refuse("\(part.path) is both a chunk and the output.") }
        let reader: ClipReader
        do { reader = try ClipReader(part) } catch let error as FlipbookError { throw refuse(error.message) }
        guard let record = reader.comment.flatMap(ChunkRecord.init(parsing:)) else {
            throw refuse("\(part.path) is not a Flipbook chunk: its metadata has no chunk record "
                + "(render chunks with --chunk K/N).")
        }
        reorderDelay = max(reorderDelay, try checkPackets(of: reader, record: record, refuse: refuse))
        chunks.append((reader, record))
    }
    let first = chunks[0]
    for chunk in chunks.dropFirst() {
        let a = first.record, b = chunk.record, name = chunk.reader.url.path, other = first.reader.url.path
        if b.sceneDigest != a.sceneDigest || b.clipFrameCount != a.clipFrameCount || b.fps != a.fps {
            throw refuse("\(name) is from a different scene than \(other) (scene \(b.sceneDigest.prefix(12)), "
                + "\(b.clipFrameCount) frames, against \(a.sceneDigest.prefix(12)), \(a.clipFrameCount) frames).")
        }
        if b.optionsDigest != a.optionsDigest {
            throw refuse("\(name) was rendered with different options than \(other) "
                + "(options \(b.optionsDigest.prefix(12)) against \(a.optionsDigest.prefix(12))).")
        }
        guard chunk.reader.hasSameStream(as: first.reader) else {
            throw refuse("\(name)'s video stream (codec, size or parameter sets) differs from \(other)'s.")
        }
        guard chunk.reader.hasSameAudio(as: first.reader) else {
            let says = { (reader: ClipReader) in reader.audio == nil ? "has no sound" : "has sound" }
            throw refuse(chunk.reader.audio == nil || first.reader.audio == nil
                ? "\(name) \(says(chunk.reader)) and \(other) \(says(first.reader)); render every chunk with the same audio settings."
                : "\(name)'s audio stream (codec, rate, channels or container) differs from \(other)'s.")
        }
    }
    // By first frame, then in the order given, so a message names the files the same way every time.
    let ordered = chunks.enumerated().sorted {
        ($0.element.record.frames.lowerBound, $0.offset) < ($1.element.record.frames.lowerBound, $1.offset)
    }.map(\.element)
    let clipFrames = first.record.clipFrameCount
    var next = 0
    var previous: (reader: ClipReader, record: ChunkRecord)?
    for chunk in ordered {
        let frames = chunk.record.frames
        if frames.lowerBound < next, let previous {
            let (a, b) = (previous.reader.url.path, chunk.reader.url.path)
            throw refuse(previous.record.frames == frames
                ? "\(a) and \(b) are both \(chunk.record.name); give each chunk once."
                : "\(a) (\(previous.record.name)) and \(b) (\(chunk.record.name)) overlap; give each chunk once.")
        }
        if frames.lowerBound > next {
            throw refuse(missing(next...(frames.lowerBound - 1), among: chunks.map(\.record), before: chunk.reader.url))
        }
        next = frames.upperBound + 1
        previous = chunk
    }
    if next < clipFrames {
        throw refuse(missing(next...(clipFrames - 1), among: chunks.map(\.record), before: nil))
    }
    guard let codec = first.reader.codec, container.capabilities.codecs.contains(codec) else {
        let name = String(cString: avcodec_get_name(first.reader.parameters.pointee.codec_id))
        throw refuse("\(container.capabilities.displayName) cannot hold the chunks' \(name) video; "
            + "name the output like the chunks (\(first.reader.url.pathExtension)).")
    }
    if let audio = first.reader.audio {
        let id = audio.parameters.pointee.codec_id
        let name = String(cString: avcodec_get_name(id))
        guard let audioCodec = AudioCodec.allCases.first(where: { $0.codecID == id }),
              container.capabilities.audioCodecs.contains(audioCodec) else {
            throw refuse("\(container.capabilities.displayName) cannot hold the chunks' \(name) sound; "
                + "name the output like the chunks (\(first.reader.url.pathExtension)).")
        }
        // Matroska's demuxer gives audio timestamps on its millisecond clock, less the codec delay:
        // only a Matroska muxer stores them back as they were.
        let toMatroska = container == .mkv || container == .webm
        guard toMatroska == first.reader.isMatroska else {
            throw refuse("chunks with sound join into their own kind of file: name the output like the chunks "
                + "(\(first.reader.url.pathExtension)).")
        }
    }
    let fps = first.record.fps
    try remux(ordered.map(\.reader.url), parameters: first.reader, to: destination, container: container, codec: codec,
              fps: fps, reorderDelay: reorderDelay, audioEnd: AudioSamples.frame(ofVideoFrame: clipFrames, fps: fps))
    return ConcatReport(url: destination, partCount: parts.count, frameCount: clipFrames,
                        duration: Double(clipFrames) * Double(fps.denominator) / Double(fps.numerator))
}

/// Reads every packet of a chunk: the file must read to its end, hold one packet per frame of
/// its record, and present exactly those frames. Returns how many frames the codec reorders
/// (B-frames): the most a packet's place in decoding order runs ahead of its frame.
private func checkPackets(of reader: ClipReader, record: ChunkRecord, refuse: (String) -> FlipbookError) throws -> Int {
    var times: [Int64] = []
    let name = reader.url.path
    let frameDuration = AVRational(num: Int32(truncatingIfNeeded: record.fps.denominator),
                                   den: Int32(truncatingIfNeeded: record.fps.numerator))
    do {
        try reader.forEachPacket { packet in
            let pts = packet.pointee.pts
            times.append(pts == flipbook_av_nopts_value() ? Int64.min : av_rescale_q(pts, reader.timeBase, frameDuration))
        }
    } catch let error as FlipbookError {
        throw refuse(error.message)
    }
    guard times.count == record.frames.count else {
        throw refuse("\(name) is broken: it holds \(times.count) frames, but its record says \(record.name), "
            + "\(record.frames.count) frames.")
    }
    guard times.sorted() == record.frames.map(Int64.init) else {
        throw refuse("\(name) is broken: its frames' timestamps are not those of \(record.name).")
    }
    let first = Int64(record.frames.lowerBound)
    return Int(times.enumerated().map { first + Int64($0.offset) - $0.element }.max() ?? 0)
}

/// "chunk 3/4 (frames 60-89) is missing" when the records say which chunk it is, else the frames.
private func missing(_ frames: ClosedRange<Int>, among records: [ChunkRecord], before url: URL?) -> String {
    let range = "frames \(frames.lowerBound)-\(frames.upperBound)"
    if let count = records.first?.chunk?.count, records.allSatisfy({ $0.chunk?.count == count }) {
        let present = Set(records.compactMap { $0.chunk?.index })
        let absent = (1...count).filter { !present.contains($0) }.map { "\($0)/\(count)" }
        if !absent.isEmpty {
            return "chunk \(absent.joined(separator: ", ")) is missing: no file holds \(range)."
        }
    }
    return "no file holds \(range)\(url.map { ", before \($0.path)" } ?? "")."
}
