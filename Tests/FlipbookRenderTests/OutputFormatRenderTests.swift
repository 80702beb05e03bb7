import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// An opaque red patch at the centre and a blue square moving right, leaving the top-left corner empty.
struct PatchScene: Scene {
    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        context.fill(Path(CGRect(x: 24, y: 16, width: 16, height: 16)), with: .color(.red))
        context.fill(Path(CGRect(x: 4 + time * 40, y: 34, width: 10, height: 10)), with: .color(.blue))
    }
}

/// 64×48 pixels, 10 fps, 6 frames, transparent unless `background` is given.
func patchTimeline(background: Color? = nil, duration: TimeInterval = 0.6) throws -> Timeline {
    try Timeline(size: CGSize(width: 64, height: 48), fps: 10, duration: duration, background: background,
                 layers: [Timeline.Layer(PatchScene())])
}

/// One output name and what decoding it back must show.
struct RenderedFormat: Sendable, CustomTestStringConvertible {
    var file: String
    var codec: VideoCodec? = nil
    var codecName: String
    var keepsAlpha: Bool
    var testDescription: String { file + (codec.map { " (\($0.rawValue))" } ?? "") }
}

let renderedFormats: [RenderedFormat] = [
    RenderedFormat(file: "clip.mp4", codecName: "h264", keepsAlpha: false),
    RenderedFormat(file: "clip.m4v", codecName: "h264", keepsAlpha: false),
    RenderedFormat(file: "clip.mp4", codec: .hevc, codecName: "hevc", keepsAlpha: false),
    RenderedFormat(file: "clip.mov", codecName: "prores", keepsAlpha: true),
    RenderedFormat(file: "clip.webm", codecName: "vp9", keepsAlpha: true),
    RenderedFormat(file: "clip.mkv", codecName: "h264", keepsAlpha: false),
    RenderedFormat(file: "clip.gif", codecName: "gif", keepsAlpha: true),
    RenderedFormat(file: "clip.apng", codecName: "apng", keepsAlpha: true),
]

@Suite("Rendering to every output format")
struct OutputFormatRenderTests {
    @Test("a transparent timeline decodes back with its codec, frame count, patch colour and corner alpha",
          arguments: renderedFormats)
    func decodeBack(_ format: RenderedFormat) throws {
        let scratch = try TemporaryDirectory("render-format")
        let url = scratch.file(format.file)
        var options = VideoOptions()
        options.codec = format.codec
        let report = try render(try patchTimeline(), to: url, options: options, workers: 2)
        #expect(report.format?.codec.rawValue == (format.codec ?? report.format?.codec)?.rawValue)
        #expect(report.format?.keepsAlpha == format.keepsAlpha)
        #expect(report.frameCount == 6)
        let clip = try decodeClip(url)
        #expect(clip.codecName == format.codecName)
        #expect(clip.frameCount == 6)
        let first = try #require(clip.frames.first)
        #expect(first.width == 64 && first.height == 48)
        let patch = first.pixel(32, 24)
        #expect(patch.r >= 240 && patch.g <= 70 && patch.b <= 70 && patch.a == 255, "\(patch)")
        let corner = first.pixel(1, 1)
        if format.keepsAlpha {
            #expect(corner.a == 0, "\(corner)")
        } else {
            // Flattened over white, as every opaque clip has always been.
            #expect(corner.a == 255 && corner.r >= 250 && corner.g >= 250 && corner.b >= 250, "\(corner)")
        }
    }

    @Test("an opaque timeline in a .mov is written without alpha (ProRes 422 HQ)")
    func opaqueTimelineDropsAlpha() throws {
        let scratch = try TemporaryDirectory("render-format")
        let url = scratch.file("clip.mov")
        let report = try render(try patchTimeline(background: .white), to: url, workers: 1)
        #expect(report.format?.keepsAlpha == false)
        #expect(report.format?.pixelFormat == .yuv422p10le)
        #expect(try decodeClip(url).frames.first?.pixel(1, 1).a == 255)
    }

    @Test("asking for alpha in an opaque-only format names the formats that have it")
    func alphaRefused() throws {
        let scratch = try TemporaryDirectory("render-format")
        var options = VideoOptions()
        options.alpha = true
        let error = #expect(throws: FlipbookError.self) {
            try render(try patchTimeline(), to: scratch.file("clip.mp4"), options: options)
        }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message.contains(".webm") == true, "\(error?.message ?? "")")
        #expect(scratch.contents.isEmpty)
    }

    @Test("a PNG sequence has one file per frame, with transparency", arguments: [1, 2])
    func pngSequence(workers: Int) throws {
        let scratch = try TemporaryDirectory("render-format")
        let report = try render(try patchTimeline(), to: scratch.file("frame-%05d.png"), workers: workers)
        #expect(report.frameCount == 6)
        #expect(scratch.contents == (0..<6).map { String(format: "frame-%05d.png", $0) })
        let last = try Bitmap(contentsOfPNG: scratch.file("frame-00005.png"))
        #expect(last.pixel(x: 1, y: 1).opacity == 0)
        #expect(last.pixel(x: 32, y: 24).red > 0.99 && last.pixel(x: 32, y: 24).opacity == 1)
    }

    @Test("non-H.264 outputs are byte-identical for 1 and 2 workers",
          arguments: ["clip.webm", "clip.gif", "clip.webp", "clip.mov"])
    func workersDoNotChangeBytes(file: String) throws {
        let scratch = try TemporaryDirectory("render-format")
        let one = scratch.file("one-" + file), two = scratch.file("two-" + file)
        try render(try patchTimeline(), to: one, workers: 1)
        try render(try patchTimeline(), to: two, workers: 2)
        #expect(try Data(contentsOf: one) == Data(contentsOf: two))
    }
}

@Suite("The pipeline and the encoder agree")
struct PipelineReferenceTests {
    @Test("render writes the bytes a plain encoder loop writes, H.264 and others alike",
          arguments: ["clip.mp4", "clip.webm", "clip.gif"])
    func sameAsEncoderLoop(file: String) throws {
        let scratch = try TemporaryDirectory("render-reference")
        let timeline = try movingRectTimeline(width: 64, height: 48, fps: 10, duration: 0.8)
        let rendered = scratch.file("rendered-" + file), looped = scratch.file("looped-" + file)
        try render(timeline, to: rendered, workers: 2)
        // What render did before frame sinks: draw each frame, hand the bitmap to the encoder. This
        // clip stays within its level's bit rate, so render keeps its first, checked pass.
        var options = VideoOptions().forOpaqueTimeline()
        options.rateCapPass = .checked
        let encoder = try VideoEncoder(url: looped, width: timeline.pixelWidth, height: timeline.pixelHeight,
                                       fps: timeline.fps, options: options)
        var bitmap = try Bitmap(width: timeline.pixelWidth, height: timeline.pixelHeight)
        for frame in 0..<timeline.frameCount {
            timeline.draw(frame: frame, into: &bitmap)
            try encoder.append(bitmap)
        }
        try encoder.finish()
        #expect(try Data(contentsOf: rendered) == Data(contentsOf: looped))
    }
}

extension VideoOptions {
    /// What render asks of the format for a timeline with an opaque background: no alpha.
    func forOpaqueTimeline() -> VideoOptions {
        var options = self
        options.alpha = false
        return options
    }
}
