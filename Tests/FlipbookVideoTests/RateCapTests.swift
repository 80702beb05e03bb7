import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookVideo

/// A bit-rate cap kept deterministically (RateCapPass): checked at full speed, or held by the
/// encoder's VBV on one frame thread.
@Suite("Rate caps: checked or held, reproducible either way")
struct RateCapTests {
    @Test("the buffer check follows x264's model: 90 % full at first, maxRate ÷ fps per frame, capped at its size")
    func bufferModel() throws {
        // 800 kbit/s at 8 fps: 100 kbit per frame into a 400 kbit buffer that starts at 360 kbit.
        var check = RateBufferCheck(cap: VBV(maxRate: 800, bufferSize: 400), fps: 8)
        #expect(check.fill == 360_000)
        try check.take(packetBytes: 45_000)  // exactly the 360 kbit it holds
        #expect(check.fill == 100_000)
        try check.take(packetBytes: 0)  // refills, but never past the buffer's size
        try check.take(packetBytes: 0)
        try check.take(packetBytes: 0)
        try check.take(packetBytes: 0)
        #expect(check.fill == 400_000)
        try check.take(packetBytes: 50_000)  // 400 kbit: empties it
        #expect(check.fill == 100_000)
        #expect(throws: RateCapExceeded(packet: 6, cap: VBV(maxRate: 800, bufferSize: 400))) {
            try check.take(packetBytes: 12_501)  // 100,008 bits, 8 more than it holds
        }
    }

    @Test("checked, a stream that goes over its cap stops with RateCapExceeded and leaves no file")
    func checkedStopsOverTheCap() throws {
        let scratch = try TemporaryDirectory("rate-cap")
        let url = scratch.url.appendingPathComponent("over.mp4")
        var options = try VideoOptions(maxBitrate: 10_000)
        options.rateCapPass = .checked
        #expect(throws: RateCapExceeded.self) {
            try encodePattern(to: url, width: 192, height: 108, count: 30, options: options)
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(partialFiles(in: scratch.url).isEmpty)
    }

    @Test("checked and within its cap, the stream is x264's own: the bytes of an uncapped encode, every frame thread")
    func checkedWithinTheCapIsUncapped() throws {
        let scratch = try TemporaryDirectory("rate-cap")
        let checked = scratch.url.appendingPathComponent("checked.mp4")
        let uncapped = scratch.url.appendingPathComponent("uncapped.mp4")
        var options = try VideoOptions(preset: "ultrafast")
        options.rateCapPass = .checked
        // At 640×360 (level 3.0, a 312 kB buffer) the pattern stays well within the level.
        try encodePattern(to: checked, width: 640, height: 360, count: 10, options: options)
        options.holdsToLevel = false
        try encodePattern(to: uncapped, width: 640, height: 360, count: 10, options: options)
        #expect(try Data(contentsOf: checked) == Data(contentsOf: uncapped))
        let x264 = try probePackets(checked).x264Options
        #expect(x264["vbv_maxrate"] == nil)
        #expect(x264["threads"] == String(VideoOptions.defaultEncoderThreads))
    }

    /// This ultrafast clip runs close to the cap of level 1.1 at 192×108 (x264's own choice there):
    /// with the VBV and two frame threads, two encodes differed in 2–7 runs of 15. Held, on one frame
    /// thread, never.
    @Test("held, an asked level's cap runs on one frame thread and the bytes never vary")
    func heldIsReproducible() throws {
        let scratch = try TemporaryDirectory("rate-cap")
        let options = try VideoOptions(preset: "ultrafast", level: "1.1")
        #expect(options.rateCapPass == .held)
        var files = Set<Data>()
        for run in 0..<6 {
            let url = scratch.url.appendingPathComponent("held-\(run).mp4")
            try encodePattern(to: url, width: 192, height: 108, count: 30, options: options)
            files.insert(try Data(contentsOf: url))
            if run == 0 {
                let x264 = try probePackets(url).x264Options
                #expect(x264["vbv_maxrate"] == "134")
                #expect(x264["threads"] == "1")
            }
        }
        #expect(files.count == 1)
    }

    @Test("held, the stream keeps to its cap's buffer")
    func heldKeepsToTheCap() throws {
        let scratch = try TemporaryDirectory("rate-cap")
        let url = scratch.url.appendingPathComponent("held.mp4")
        let options = try VideoOptions(preset: "ultrafast", maxBitrate: 300_000)
        try encodePattern(to: url, width: 192, height: 108, count: 30, options: options)
        var check = RateBufferCheck(cap: VBV(maxBitrate: 300_000), fps: 30)
        let packets = try probePackets(url).packets.sorted { $0.decodeTime < $1.decodeTime }
        #expect(packets.count == 30)
        for packet in packets { try check.take(packetBytes: packet.size) }
    }
}
