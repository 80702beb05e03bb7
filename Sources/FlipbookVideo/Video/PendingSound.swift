import FlipbookAudio
import FlipbookCore
import Foundation

/// The sound an output carries, made ready on a thread of its own while the picture is drawn.
///
/// Keeping a player's decoded peak under the limiter's ceiling encodes and decodes the whole track
/// at least once (``AudioTrack/keepDecodedPeak(under:file:what:stopped:)``). Nothing needs the result until
/// the first of the picture's packets is written: the muxer's stream is declared from the
/// ``planned`` track's codec and bit rate, which the preparation does not change. The output's audio
/// encoder waits for ``track()`` there, and writes the preparation's packets (``SoundPackets``).
package final class PendingSound: @unchecked Sendable {
    // @unchecked: `outcome`, `seconds` and `stopping` are used with `condition` held.

    /// The track as planned: its codec, bit rate, first sample and written packets are final; only
    /// its samples may yet be turned down.
    package let planned: AudioTrack
    private let condition = NSCondition()
    private var outcome: Result<AudioTrack, any Error>?
    private var seconds: TimeInterval = 0
    private var stopping = false

    /// A track that needs no preparing.
    package init(ready track: AudioTrack) {
        planned = track
        outcome = .success(track)
    }

    /// Starts preparing `track`: turned down where its encoded sound, decoded again, would pass
    /// `limiter`'s ceiling, its packets kept; `file` and `what` name the output in messages.
    package init(preparing track: AudioTrack, under limiter: TruePeakLimiter, file: URL, what: String) {
        planned = track
        let thread = Thread { [self] in
            let started = DispatchTime.now().uptimeNanoseconds
            var prepared = track
            let result = Result { () throws -> AudioTrack in
                try prepared.keepDecodedPeak(under: limiter, file: file, what: what, stopped: { [self] in isStopping })
                return prepared
            }
            condition.lock()
            outcome = result
            seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "Flipbook sound"
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The prepared track, once it is ready.
    ///
    /// - Throws: what the preparation threw (``AudioTrack/keepDecodedPeak(under:file:what:stopped:)``).
    package func track() throws -> AudioTrack {
        try finished().get()
    }

    /// Stops the preparation, if it is still running, and waits until it has ended: a render that
    /// failed or was cancelled leaves nothing of itself running. A prepared track is kept.
    package func stop() {
        condition.lock()
        stopping = true
        condition.unlock()
        _ = finished()
    }

    private var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopping
    }

    /// Seconds the preparation took, once it is over.
    package var preparationTime: TimeInterval {
        _ = finished()
        condition.lock()
        defer { condition.unlock() }
        return seconds
    }

    private func finished() -> Result<AudioTrack, any Error> {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let outcome { return outcome }
            condition.wait()
        }
    }
}
