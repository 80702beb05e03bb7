import CFFmpeg
import FlipbookCore
import Foundation

/// Copies the video packets (and the audio packets, when the parts have sound) of the files
/// `parts`, one after another, into a new file at `destination` (through a `.partial` file renamed
/// into place at the end) with the stream parameters of `parameters`. Nothing is decoded or encoded.
///
/// Presentation timestamps are the chunks' own, counted in frames of `fps`. Decoding timestamps
/// are made anew, the packet's place in the whole file less `reorderDelay` frames, because
/// Matroska stores none and each chunk's start from its own encode: so they run on without a
/// jump across every join, as one encode's would. Audio timestamps: see ``JoinedAudio``;
/// `audioEnd` is the clip's last sample's end, in samples.
///
/// - Throws: ``FlipbookError`` when reading or writing fails; the `.partial` file is removed then.
func remux(_ parts: [URL], parameters: ClipReader, to destination: URL, container: VideoContainer, codec: VideoCodec,
           fps: FrameRate, reorderDelay: Int, audioEnd: Int) throws {
    var options = VideoOptions()
    options.container = container
    options.codec = codec
    let format = try OutputFormat(container: container, options: options)
    let what = container.capabilities.displayName
    quietLibavLogging()
    let output = try PartialOutputFile(destination: destination, what: what)
    do {
        let sink = try FileSink(creating: output.temporary, failAfterBytes: nil)
        do {
            let muxer = try Muxer(format, temporary: output.temporary, sink: sink, file: destination)
            try muxer.start(copying: parameters.parameters, audio: parameters.audio?.parameters, fps: fps, options: options)
            let frameDuration = AVRational(num: Int32(truncatingIfNeeded: fps.denominator),
                                           den: Int32(truncatingIfNeeded: fps.numerator))
            var frame = 0
            let joinedAudio = try parameters.audio.map { audio in
                try JoinedAudio(muxer: muxer, timeBase: audio.timeBase, sampleRate: audio.parameters.pointee.sample_rate,
                                end: audioEnd, matroska: parameters.isMatroska, file: destination, what: what)
            }
            for part in parts {
                let reader = try ClipReader(part)
                let audioPart = try joinedAudio?.part(reader)
                try reader.forEachPacket({ packet in
                    av_packet_rescale_ts(packet, reader.timeBase, frameDuration)
                    packet.pointee.dts = Int64(frame - reorderDelay)
                    packet.pointee.duration = 1
                    packet.pointee.pos = -1
                    try muxer.write(packet, timeBase: frameDuration, frame: frame)
                    frame += 1
                }, audio: audioPart)
            }
            try joinedAudio?.finish()
            try muxer.finish()
        }
        try sink.close()
        try output.commit(what: what)
    } catch {
        output.discard()
        throw error
    }
}

/// The chunks' audio packets, copied into the joined file with the timestamps a single render
/// gives them. Owns the packet it holds back.
///
/// The chunks hold consecutive packets of one encode (see ``AudioTrack/writtenSamples``), so each
/// packet starts where the one before it ends. MP4 and MOV chunks store that exactly, but their
/// demuxer reads a chunk's timestamps through its edit list, on the movie's millisecond clock: the
/// first chunk's first timestamp is taken as read (the priming's, exact), each later one is the
/// previous packet's end, and the last packet ends at the clip's last sample, as the single
/// render's does (each chunk's last packet is read cut at its own edit list's end, the clip's
/// last one a whole packet long). Matroska and WebM store
/// millisecond timestamps less nothing the demuxer cannot undo: they are stored back as read, plus
/// the codec delay the demuxer took off.
private final class JoinedAudio {
    private let muxer: Muxer
    private let timeBase: AVRational
    private let sampleRate: Int32
    private let matroska: Bool
    private let file: URL
    private let what: String
    /// The clip's end, in `timeBase`.
    private let end: Int64
    /// A packet waiting for the next one (MP4 and MOV), so the last one's length can be set.
    private var held: UnsafeMutablePointer<AVPacket>?
    private var holding = false
    /// Where the next packet starts, in `timeBase`, once the first has been read.
    private var next: Int64?
    /// Samples per packet, in `timeBase`: every packet but the clip's last is a whole codec frame
    /// (a chunk's last packet is read shorter, cut at its edit list's end).
    private var packetLength: Int64 = 0

    init(muxer: Muxer, timeBase: AVRational, sampleRate: Int32, end: Int, matroska: Bool, file: URL, what: String) throws {
        self.muxer = muxer
        self.timeBase = timeBase
        self.sampleRate = sampleRate
        self.matroska = matroska
        self.file = file
        self.what = what
        self.end = av_rescale_q(Int64(end), AVRational(num: 1, den: sampleRate), timeBase)
        held = av_packet_alloc()
        if held == nil { throw libavError(flipbook_averror(ENOMEM), "allocating an audio packet", file: file, what: what) }
    }

    /// What copies `reader`'s audio packets; `reader`'s sound must be the first part's kind
    /// (``ClipReader/hasSameAudio(as:)``).
    func part(_ reader: ClipReader) throws -> (UnsafeMutablePointer<AVPacket>) throws -> Void {
        guard let audio = reader.audio else {
            throw FlipbookError.invalidInput("Cannot join \(file.path): \(reader.url.path) has no sound.")
        }
        guard audio.timeBase.num == timeBase.num, audio.timeBase.den == timeBase.den else {
            throw FlipbookError.invalidInput("Cannot join \(file.path): \(reader.url.path)'s sound has another clock.")
        }
        if matroska {
            // What Matroska's demuxer took off each timestamp: the codec delay on its clock.
            let padding = Int64(audio.parameters.pointee.initial_padding)
            let offset = padding > 0 ? av_rescale_q(padding, AVRational(num: 1, den: sampleRate), timeBase) : 0
            return { packet in
                packet.pointee.pos = -1
                try self.muxer.writeCopiedAudio(packet, timeBase: self.timeBase, offset: offset)
            }
        }
        // AAC-LC, the one codec MP4 and MOV chunks carry, codes 1024 samples per packet.
        let frameSize = audio.parameters.pointee.frame_size > 0 ? Int64(audio.parameters.pointee.frame_size) : 1024
        packetLength = av_rescale_q(frameSize, AVRational(num: 1, den: sampleRate), timeBase)
        return { packet in try self.take(packet) }
    }

    private func take(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        guard let held else { return }
        if holding { try writeHeld() }
        let start = next ?? packet.pointee.pts
        try checkLibav(av_packet_ref(held, packet), "copying an audio packet", file: file, what: what)
        held.pointee.pts = start
        held.pointee.dts = start
        held.pointee.pos = -1
        held.pointee.duration = packetLength
        holding = true
        next = start + packetLength
    }

    private func writeHeld() throws {
        guard let held else { return }
        holding = false
        defer { av_packet_unref(held) }
        try muxer.writeCopiedAudio(held, timeBase: timeBase, offset: 0)
    }

    /// Writes the last packet, ending at the clip's end.
    func finish() throws {
        guard let held, holding else { return }
        let length = end - held.pointee.pts
        if length > 0, length < packetLength { held.pointee.duration = length }
        try writeHeld()
    }

    deinit { av_packet_free(&held) }
}
