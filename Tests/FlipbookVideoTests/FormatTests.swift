import CFFmpeg
import FlipbookCore
import FlipbookDrawing
import FlipbookRender
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookVideo

/// A 64×48 frame with known patches on a transparent background: an opaque red patch (top middle),
/// a 50 %-alpha green patch (bottom middle), and a blue square that moves with `frame` down the left
/// side, so frames differ. The top-left corner is always fully transparent.
func alphaPattern(frame: Int) throws -> Bitmap {
    var bitmap = try Bitmap(width: 64, height: 48)
    try fill(&bitmap) { x, y in
        if (24..<48).contains(x), (0..<24).contains(y) { return (220, 40, 30, 255) }
        // Premultiplied: straight green 199 at alpha 128.
        if (24..<48).contains(x), (24..<48).contains(y) { return (0, 100, 0, 128) }
        let top = 16 + frame % 16
        if (0..<16).contains(x), (top..<top + 8).contains(y) { return (30, 40, 200, 255) }
        return (0, 0, 0, 0)
    }
    return bitmap
}

/// One output format to check: the name, the options, and what decoding must find.
struct FormatCase: CustomTestStringConvertible, Sendable {
    var file: String
    var codec: VideoCodec? = nil
    var pixelFormat: PixelFormat? = nil
    var alpha: Bool? = nil
    var codecName: String
    var decodedFormat: String
    var keepsAlpha: Bool
    var testDescription: String {
        "\(file) \(codec?.rawValue ?? "default") \(pixelFormat?.rawValue ?? "")\(alpha == false ? " opaque" : "")"
    }

    var options: VideoOptions {
        get throws { try VideoOptions(codec: codec, pixelFormat: pixelFormat, alpha: alpha) }
    }
}

let formatCases: [FormatCase] = [
    FormatCase(file: "clip.mp4", codecName: "h264", decodedFormat: "yuv420p", keepsAlpha: false),
    FormatCase(file: "clip.mp4", codec: .hevc, codecName: "hevc", decodedFormat: "yuv420p", keepsAlpha: false),
    FormatCase(file: "clip.mp4", codec: .hevc, pixelFormat: .yuv420p10le, codecName: "hevc", decodedFormat: "yuv420p10le", keepsAlpha: false),
    // FFmpeg's ProRes decoder hands out 4444 as 12-bit samples.
    FormatCase(file: "clip.mov", codecName: "prores", decodedFormat: "yuva444p12le", keepsAlpha: true),
    FormatCase(file: "clip.mov", alpha: false, codecName: "prores", decodedFormat: "yuv422p10le", keepsAlpha: false),
    FormatCase(file: "clip.mov", codec: .h264, codecName: "h264", decodedFormat: "yuv420p", keepsAlpha: false),
    FormatCase(file: "clip.webm", codecName: "vp9", decodedFormat: "yuva420p", keepsAlpha: true),
    FormatCase(file: "clip.webm", codec: .av1, codecName: "av1", decodedFormat: "yuv420p", keepsAlpha: false),
    FormatCase(file: "clip.mkv", codecName: "h264", decodedFormat: "yuv420p", keepsAlpha: false),
    FormatCase(file: "clip.mkv", codec: .vp9, pixelFormat: .yuv420p10le, codecName: "vp9", decodedFormat: "yuv420p10le", keepsAlpha: false),
    FormatCase(file: "clip.mkv", codec: .vp9, codecName: "vp9", decodedFormat: "yuva420p", keepsAlpha: true),
    FormatCase(file: "clip.mkv", codec: .prores, codecName: "prores", decodedFormat: "yuva444p12le", keepsAlpha: true),
    FormatCase(file: "clip.mp4", codec: .av1, pixelFormat: .yuv420p10le, codecName: "av1", decodedFormat: "yuv420p10le", keepsAlpha: false),
    FormatCase(file: "clip.gif", codecName: "gif", decodedFormat: "bgra", keepsAlpha: true),
    FormatCase(file: "clip.apng", codecName: "apng", decodedFormat: "rgba", keepsAlpha: true),
    FormatCase(file: "clip.gif", alpha: false, codecName: "gif", decodedFormat: "bgra", keepsAlpha: false),
    FormatCase(file: "clip.apng", alpha: false, codecName: "apng", decodedFormat: "rgba", keepsAlpha: false),
]

/// Encodes `count` frames of ``alphaPattern(frame:)`` at 29.97 fps.
func encodeAlphaPattern(to url: URL, options: VideoOptions, count: Int = 31) throws {
    let encoder = try VideoEncoder(url: url, width: 64, height: 48, fps: FrameRate(30000, 1001), options: options)
    for i in 0..<count { try encoder.append(try alphaPattern(frame: i)) }
    try encoder.finish()
}

func expectNear(_ actual: (r: Int, g: Int, b: Int, a: Int), _ expected: (Int, Int, Int), within tolerance: Int,
                _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let ok = abs(actual.r - expected.0) <= tolerance && abs(actual.g - expected.1) <= tolerance
        && abs(actual.b - expected.2) <= tolerance
    #expect(ok, "\(what): \(actual) is not within ±\(tolerance) of \(expected)", sourceLocation: sourceLocation)
}

@Suite("Every output format decodes back")
struct FormatDecodeBackTests {
    @Test("codec, pixel format, frame count, 29.97 timestamps, patch colours and alpha", arguments: formatCases)
    func decodeBack(_ format: FormatCase) throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let url = directory.appendingPathComponent(format.file)
        try encodeAlphaPattern(to: url, options: format.options)
        let clip = try decodeClip(url)
        #expect(clip.codecName == format.codecName)
        #expect(clip.framePixelFormat == format.decodedFormat)
        #expect(clip.frameCount == 31)
        // Frame 30 starts at 30 × 1001/30000 s. GIF stores delays in 1/100 s; APNG as a fraction
        // with 16-bit terms, which cannot hold 1001/30000 (the muxer writes the nearest, 1/10000 s).
        let tolerance = format.codecName == "gif" ? 0.005 : format.codecName == "apng" ? 2e-4 : 1e-6
        if clip.frameTimes.count == 31 {
            #expect(abs(clip.frameTimes[30] - 30 * 1001 / 30000) <= tolerance, "frame 30 at \(clip.frameTimes[30])")
        }
        for (index, frame) in clip.frames.enumerated() where index == 0 || index == 30 {
            expectNear(frame.pixel(36, 10), (220, 40, 30), within: 3, "opaque red patch, frame \(index)")
            #expect(frame.pixel(36, 10).a == 255, "opaque patch alpha")
            if format.keepsAlpha {
                #expect(frame.pixel(2, 2).a == 0, "transparent corner alpha \(frame.pixel(2, 2))")
                if format.codecName == "gif" {
                    // GIF has 1-bit alpha: 50 % is drawn (≥ 128) with its own colour.
                    #expect(frame.pixel(36, 36).a == 255)
                    expectNear(frame.pixel(36, 36), (0, 199, 0), within: 3, "50 % green patch")
                } else {
                    #expect(abs(frame.pixel(36, 36).a - 128) <= 3, "50 % patch alpha \(frame.pixel(36, 36))")
                    expectNear(frame.pixel(36, 36), (0, 199, 0), within: 3, "50 % green patch keeps its colour")
                }
            } else {
                // Flattened over the default white background.
                expectNear(frame.pixel(2, 2), (255, 255, 255), within: 3, "corner over white")
                expectNear(frame.pixel(36, 36), (127, 227, 127), within: 3, "50 % green over white")
            }
        }
    }

    @Test("two encodes are byte-identical", arguments: formatCases + [FormatCase(file: "clip.webp", codecName: "webp", decodedFormat: "", keepsAlpha: true)])
    func reproducible(_ format: FormatCase) throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let first = directory.appendingPathComponent("a-" + format.file)
        let second = directory.appendingPathComponent("b-" + format.file)
        try encodeAlphaPattern(to: first, options: format.options, count: 12)
        try encodeAlphaPattern(to: second, options: format.options, count: 12)
        let a = try Data(contentsOf: first), b = try Data(contentsOf: second)
        #expect(a.count > 0)
        #expect(a == b, "\(a.count) and \(b.count) bytes")
    }

    @Test("odd sizes: 4:2:0 and 4:2:2 pad to even with a repeated column or row, the rest keep their size",
          arguments: formatCases)
    func oddSize(_ format: FormatCase) throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let url = directory.appendingPathComponent(format.file)
        let encoder = try VideoEncoder(url: url, width: 65, height: 33, fps: 30, options: format.options)
        for i in 0..<3 {
            var bitmap = try Bitmap(width: 65, height: 33)
            try fill(&bitmap) { x, y in x == 64 || y == 32 ? (30, 40, 200, 255) : (UInt8(i * 50), 100, 50, 255) }
            try encoder.append(bitmap)
        }
        try encoder.finish()
        let clip = try decodeClip(url)
        let shift = encoder.format.pixelFormat.layout.chromaShift
        #expect(clip.frameCount == 3)
        let frame = try #require(clip.frames.last)
        #expect(frame.width == (shift.x == 1 ? 66 : 65) && frame.height == (shift.y == 1 ? 34 : 33), "\(frame.width)×\(frame.height)")
        // The padding repeats the last column: the same blue edge.
        expectNear(frame.pixel(frame.width - 1, 10), (30, 40, 200), within: 12, "right edge")
    }

    @Test("HEVC refuses pictures under 64×32 pixels (libx265 3.5 writes past its buffers on narrow ones)")
    func hevcMinimum() throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let tiny = expectFlipbookError(.invalidInput) {
            _ = try VideoEncoder(url: directory.appendingPathComponent("tiny.mp4"), width: 40, height: 30, fps: 30,
                                 options: VideoOptions(codec: .hevc))
        }
        #expect(tiny?.message == "size must be at least 64×32 pixels for HEVC; it is 40×30. "
                    + "Codecs for smaller pictures: h264, vp9, av1, prores, gif, png, apng, webp.")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("HEVC in MP4 and MOV is tagged hvc1, so QuickTime and Safari play it", arguments: ["clip.mp4", "clip.mov"])
    func hevcTag(_ file: String) throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let url = directory.appendingPathComponent(file)
        try encodeAlphaPattern(to: url, options: VideoOptions(codec: .hevc), count: 3)
        #expect(try decodeClip(url).codecTag == "hvc1")
    }

    @Test("VP9 in WebM marks its alpha track")
    func webmAlphaMode() throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let url = directory.appendingPathComponent("clip.webm")
        try encodeAlphaPattern(to: url, options: VideoOptions(), count: 3)
        #expect(try decodeClip(url).alphaMode == "1")
    }
}
