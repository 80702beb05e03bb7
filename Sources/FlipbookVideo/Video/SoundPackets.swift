import CFFmpeg
import FlipbookAudio
import FlipbookCore
import Foundation

/// The packets one encode of a track's samples made, each with the number of samples sent when it
/// came out of the encoder, kept so an output writes them instead of encoding the samples again.
///
/// Measuring the decoded true peak encodes the whole track (``AudioTrack/keepDecodedPeak(under:file:what:stopped:)``);
/// an encoder fed the same samples from the same start with the same settings makes the same
/// packets at the same points, so an ``AudioEncoder`` that replays these writes the bytes it would
/// have encoded, interleaved with the picture as it would have, for a third of the sound's cost.
///
/// Read-only once made, and its packets are only ever copied out (`av_packet_ref`): one set serves
/// every output and pass of a render, on any thread.
package final class SoundPackets: @unchecked Sendable {
    // @unchecked: never changed after init; packets are only read.

    /// One packet and how many of the track's samples had been sent when it came out (`nil`: it
    /// came out of the flush at the end).
    struct Kept {
        var packet: UnsafeMutablePointer<AVPacket>?
        var sentSamples: Int?
    }

    private var kept: [Kept]
    /// What the packets were encoded from and with: a replay is the same bytes only for these.
    let codec: AudioCodec
    let bitrate: Int
    let sampleCount: Int
    let globalHeader: Bool

    init(kept: [Kept], codec: AudioCodec, bitrate: Int, sampleCount: Int, globalHeader: Bool) {
        self.kept = kept
        self.codec = codec
        self.bitrate = bitrate
        self.sampleCount = sampleCount
        self.globalHeader = globalHeader
    }

    /// How many packets are kept.
    var count: Int { kept.count }

    /// Whether the packets are what an encoder opened for `track` with `globalHeader` would make.
    func madeFor(_ track: AudioTrack, globalHeader: Bool) -> Bool {
        codec == track.codec && bitrate == track.bitrate && sampleCount == track.samples.frameCount
            && self.globalHeader == globalHeader
    }

    /// How many samples had been sent when packet `index` came out; `nil` for the flush's packets.
    func sentSamples(at index: Int) -> Int? { kept[index].sentSamples }

    /// Makes `destination` a new reference to packet `index`'s data, with its fields.
    func copy(_ index: Int, into destination: UnsafeMutablePointer<AVPacket>) -> Int32 {
        av_packet_ref(destination, kept[index].packet)
    }

    deinit {
        for index in kept.indices { av_packet_free(&kept[index].packet) }
    }
}
