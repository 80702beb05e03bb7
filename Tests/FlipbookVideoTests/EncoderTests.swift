import CFFmpeg
import FlipbookDrawing
import FlipbookRender
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookVideo

@Suite("VideoEncoder: decode-back")
struct EncoderDecodeBackTests {
    @Test("frames, size, codec, profile, pixel format, colour tags, timing and faststart")
    func structure() throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let url = directory.appendingPathComponent("clip.mp4")
        let count = 45, fps = 30
        try encodePattern(to: url, width: 128, height: 72, fps: FrameRate(fps), count: count)

        let video = try decodeVideo(url, keepFrames: false)
        #expect(video.frameCount == count)
        #expect(video.width == 128 && video.height == 72)
        #expect(video.codecName == "h264")
        #expect(video.profile == FF_PROFILE_H264_HIGH)
        #expect(video.pixelFormat == "yuv420p")
        #expect(video.colorPrimaries == AVCOL_PRI_BT709)
        #expect(video.colorTransfer == AVCOL_TRC_BT709)
        #expect(video.colorSpace == AVCOL_SPC_BT709)
        #expect(video.colorRange == AVCOL_RANGE_MPEG)
        #expect(video.averageFrameRate.num == Int32(fps) && video.averageFrameRate.den == 1)
        #expect(video.realFrameRate.num == Int32(fps) && video.realFrameRate.den == 1)
        let expected = Double(count) / Double(fps)
        #expect(abs(video.formatDuration - expected) < 1e-3, "container duration \(video.formatDuration)")
        #expect(abs(video.streamDuration - expected) < 1e-3, "stream duration \(video.streamDuration)")
        // Frame i is shown at exactly i / fps.
        for (i, time) in video.frameTimes.enumerated() {
            #expect(abs(time - Double(i) / Double(fps)) < 1e-6, "frame \(i) at \(time)")
        }
        let boxes = try topLevelBoxes(url)
        let moov = try #require(boxes.firstIndex(of: "moov"))
        let mdat = try #require(boxes.firstIndex(of: "mdat"))
        #expect(moov < mdat, "boxes: \(boxes)")
        #expect(partialFiles(in: directory).isEmpty)
    }

    @Test("without faststart the index follows the media data")
    func noFaststart() throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let url = directory.appendingPathComponent("late-moov.mp4")
        try encodePattern(to: url, count: 5, options: VideoOptions(faststart: false))
        let boxes = try topLevelBoxes(url)
        #expect(try #require(boxes.firstIndex(of: "mdat")) < (try #require(boxes.firstIndex(of: "moov"))))
    }

    @Test("every decoded frame matches its source at ≥ 40 dB PSNR (CRF 16)")
    func fidelity() throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let url = directory.appendingPathComponent("fidelity.mp4")
        let width = 160, height = 96, count = 12
        try encodePattern(to: url, width: width, height: height, count: count, options: VideoOptions(crf: 16))
        let video = try decodeVideo(url)
        #expect(video.frames.count == count)
        for (i, decoded) in video.frames.enumerated() {
            let expected = referenceYUV(try testPattern(width: width, height: height, frame: i))
            let quality = psnr(decoded, expected)
            #expect(quality >= 40, "frame \(i): \(quality) dB")
        }
    }

    @Test("pure colours decode back within ±3 of their 8-bit values")
    func colourPatches() throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let url = directory.appendingPathComponent("colours.mp4")
        let patches: [(name: String, rgb: (UInt8, UInt8, UInt8))] = [
            ("red", (255, 0, 0)), ("green", (0, 255, 0)), ("blue", (0, 0, 255)),
            ("yellow", (255, 255, 0)), ("grey 50%", (128, 128, 128)), ("near-black", (12, 12, 12)),
        ]
        let side = 32
        let width = side * patches.count, height = side
        var bitmap = try Bitmap(width: width, height: height)
        try fill(&bitmap) { x, _ in
            let c = patches[x / side].rgb
            return (c.0, c.1, c.2, 255)
        }
        let encoder = try VideoEncoder(url: url, width: width, height: height, fps: 10, options: VideoOptions(crf: 16))
        for _ in 0..<3 { try encoder.append(bitmap) }
        try encoder.finish()

        let video = try decodeVideo(url)
        let frame = try #require(video.frames.last)
        for (index, patch) in patches.enumerated() {
            // The patch centre, converted back with the inverse BT.709 limited-range matrix.
            let x = index * side + side / 2, y = side / 2
            let luma = (Double(frame.y[y * frame.width + x]) - 16) * 255 / 219
            let cb = (Double(frame.u[(y / 2) * (frame.width / 2) + x / 2]) - 128) * 255 / 224
            let cr = (Double(frame.v[(y / 2) * (frame.width / 2) + x / 2]) - 128) * 255 / 224
            let r = luma + 1.5748 * cr
            let b = luma + 1.8556 * cb
            let g = (luma - 0.2126 * r - 0.0722 * b) / 0.7152
            let expected = patch.rgb
            for (got, want, channel) in [(r, expected.0, "R"), (g, expected.1, "G"), (b, expected.2, "B")] {
                let clamped = min(max(got.rounded(), 0), 255)
                #expect(abs(clamped - Double(want)) <= 3, "\(patch.name) \(channel): \(got) vs \(want)")
            }
        }
    }

    @Test("odd sizes are padded to even by repeating the last column and row")
    func oddSize() throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let url = directory.appendingPathComponent("odd.mp4")
        try encodePattern(to: url, width: 33, height: 17, count: 4, options: VideoOptions(crf: 10))
        let video = try decodeVideo(url)
        #expect(video.width == 34 && video.height == 18)
        #expect(video.frameCount == 4)
        let expected = referenceYUV(try testPattern(width: 33, height: 17, frame: 3))
        #expect(psnr(video.frames[3], expected) >= 35)
    }

    @Test("a keyframe interval sets the GOP length; by default the encoder keeps its own")
    func gopLength() throws {
        #expect(VideoOptions().gopLength(fps: 60) == nil)
        #expect(try VideoOptions(keyframeInterval: 0.5).gopLength(fps: 25) == 13)
        #expect(try VideoOptions(keyframeInterval: 2).gopLength(fps: 29.97) == 60)
    }
}

@Suite("VideoEncoder: determinism")
struct EncoderDeterminismTests {
    /// With the level's cap held (on one frame thread) and without a cap (every frame thread); the
    /// cap's own cases are in RateCapTests.
    @Test("the same frames give byte-identical files", arguments: ["medium", "ultrafast"], [true, false])
    func identicalBytes(preset: String, holdsToLevel: Bool) throws {
        var options = try VideoOptions(preset: preset)
        options.holdsToLevel = holdsToLevel
        #expect(try Self.encodesTwiceAlike(options))
    }

    /// Whether two encodes of the same 30 frames give the same bytes.
    static func encodesTwiceAlike(_ options: VideoOptions) throws -> Bool {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let a = directory.appendingPathComponent("a.mp4"), b = directory.appendingPathComponent("b.mp4")
        try encodePattern(to: a, width: 192, height: 108, count: 30, options: options)
        try encodePattern(to: b, width: 192, height: 108, count: 30, options: options)
        let first = try Data(contentsOf: a), second = try Data(contentsOf: b)
        #expect(first.count > 1000)
        return first == second
    }

    @Test("identical while other threads churn the heap (catches reads of uninitialised memory)")
    func identicalUnderHeapChurn() throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let stop = ChurnFlag()
        for _ in 0..<2 {
            Thread {
                var seed: UInt32 = 7
                while !stop.isSet {
                    seed = seed &* 1_664_525 &+ 1_013_904_223
                    var buffer = [UInt8](repeating: UInt8(truncatingIfNeeded: seed), count: Int(seed % 200_000) + 1)
                    buffer[0] ^= 1
                    _ = buffer
                }
            }.start()
        }
        defer { stop.set() }
        var outputs = Set<Data>()
        for run in 0..<6 {
            let url = directory.appendingPathComponent("churn-\(run).mp4")
            try encodePattern(to: url, width: 192, height: 108, count: 30)
            outputs.insert(try Data(contentsOf: url))
        }
        #expect(outputs.count == 1)
    }

    @Test("no version string or timestamp from libavformat ends up in the file")
    func noVersionStrings() throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let url = directory.appendingPathComponent("clean.mp4")
        try encodePattern(to: url, count: 3)
        let bytes = try Data(contentsOf: url)
        #expect(bytes.range(of: Data("Lavf".utf8)) == nil)
    }
}

/// A flag the test thread sets to stop its helper threads.
final class ChurnFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
