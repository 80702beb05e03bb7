import FlipbookAudio
import FlipbookCore
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookVideo

/// A render's sound is prepared on a thread of its own (``PendingSound``); a render that fails or is
/// cancelled stops it rather than waiting for the whole track to be encoded and decoded.
@Suite struct PendingSoundTests {
    @Test func aStoppedPreparationEndsInterruptedWithinTenSecondsOfSound() throws {
        let directory = try TemporaryDirectory("pending-sound")
        // Thirty seconds: the preparation asks whether to stop before each ten.
        let track = AudioTrack(samples: SoundPacketsTests.samples(count: 30 * AudioSamples.sampleRate), codec: .aac,
                               bitrate: 128_000)
        let pending = PendingSound(preparing: track, under: TruePeakLimiter(), file: directory.file("out.mp4"), what: "MP4")
        pending.stop()
        let error = try #require(throws: FlipbookError.self) { try pending.track() }
        #expect(error.kind == .interrupted)
        #expect(error.message.hasPrefix("Cannot write MP4 \(directory.file("out.mp4").path)"), "\(error.message)")
    }

    @Test func aPreparedTrackIsKeptWhenStoppedAfterwards() throws {
        let directory = try TemporaryDirectory("pending-sound-done")
        let track = AudioTrack(samples: SoundPacketsTests.samples(count: 12_000), codec: .opus, bitrate: 96_000)
        let pending = PendingSound(preparing: track, under: TruePeakLimiter(), file: directory.file("out.webm"), what: "WebM")
        let prepared = try pending.track()
        pending.stop()
        #expect(try pending.track().encoded != nil)
        #expect(try pending.track().samples.frameCount == prepared.samples.frameCount)
    }
}
