import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// A black square `side` pixels wide whose left edge moves `pixelsPerFrame` pixels a frame from x = 40,
/// half-way down the canvas (scale 1: points are pixels).
private struct SlidingSquare: Scene {
    var pixelsPerFrame: Double
    var fps: Double
    var side: Double = 24
    var y: Double = 20

    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        let x = 40 + pixelsPerFrame * fps * time
        context.fill(Path(CGRect(x: x, y: y, width: side, height: side)), with: .color(.black))
    }
}

private let fps = 30.0

private func slidingTimeline(pixelsPerFrame: Double, blur: MotionBlur?, layerBlur: MotionBlur? = nil) throws -> Timeline {
    var layer = Timeline.Layer(SlidingSquare(pixelsPerFrame: pixelsPerFrame, fps: fps))
    layer.motionBlur = layerBlur
    var timeline = try Timeline(size: CGSize(width: 240, height: 64), fps: 30, duration: 0.2, background: .white,
                                layers: [layer])
    timeline.motionBlur = blur
    return timeline
}

/// The columns of row `y` holding any ink (a red channel below 252 on white: the lossless clip decodes
/// white as 255), from the first to the last.
private func inkedColumns(_ picture: DecodedPicture, row y: Int) -> Int {
    let inked = (0..<picture.width).filter { picture.pixel($0, y).r < 252 }
    guard let first = inked.first, let last = inked.last else { return 0 }
    return last - first + 1
}

/// Lossless H.264, so the decoded frame holds the drawn picture's grey levels.
private var lossless: VideoOptions {
    var options = VideoOptions()
    options.crf = 0
    return options
}

@Suite("Motion blur")
struct MotionBlurTests {
    @Test("A square moving v px a frame leaves a streak of v × shutter/360 px in the decoded frame",
          arguments: [(180.0, 8, 16.0), (90.0, 8, 16.0), (360.0, 16, 16.0), (180.0, 8, 10.0)])
    func streakLength(shutter: Double, samples: Int, pixelsPerFrame: Double) throws {
        let directory = try TemporaryDirectory("blur-streak")
        let sharpURL = directory.file("sharp.mp4"), blurredURL = directory.file("blurred.mp4")
        try render(try slidingTimeline(pixelsPerFrame: pixelsPerFrame, blur: nil), to: sharpURL, options: lossless)
        try render(try slidingTimeline(pixelsPerFrame: pixelsPerFrame, blur: MotionBlur(shutter: shutter, samples: samples)),
                   to: blurredURL, options: lossless)
        let sharp = try decodeClip(sharpURL).frames[3], blurred = try decodeClip(blurredURL).frames[3]
        let side = inkedColumns(sharp, row: 32)
        #expect(side == 24)
        let streak = inkedColumns(blurred, row: 32) - side
        let expected = pixelsPerFrame * shutter / 360
        #expect(abs(Double(streak) - expected) <= 1, "streak \(streak) px, expected \(expected) px")
        // The ink is spread, not added: the blurred square's middle is as dark as the sharp one's.
        #expect(blurred.pixel(40 + Int(3 * pixelsPerFrame) + 12, 32).r < 20)
    }

    @Test("A still scene has the same bytes with blur and without, in a clip and in a still")
    func stillSceneUnchanged() throws {
        let directory = try TemporaryDirectory("blur-still")
        func timeline(_ blur: MotionBlur?) throws -> Timeline {
            var timeline = try Timeline(
                size: CGSize(width: 160, height: 90), fps: 30, duration: 0.5, background: .white,
                layers: [Timeline.Layer(SlidingSquare(pixelsPerFrame: 0, fps: fps)),
                         Timeline.Layer(ShapeScene(.circle, fill: .color(Keyframed(.orange))), opacity: 0.6)])
            timeline.motionBlur = blur
            return timeline
        }
        let blur = MotionBlur(shutter: 270, samples: 7)
        try render(try timeline(nil), to: directory.file("sharp.mp4"))
        try render(try timeline(blur), to: directory.file("blurred.mp4"))
        #expect(try Data(contentsOf: directory.file("sharp.mp4")) == Data(contentsOf: directory.file("blurred.mp4")))
        try renderStill(try timeline(nil), at: 0.25, to: directory.file("sharp.png"))
        try renderStill(try timeline(blur), at: 0.25, to: directory.file("blurred.png"))
        #expect(try Data(contentsOf: directory.file("sharp.png")) == Data(contentsOf: directory.file("blurred.png")))
    }

    @Test("A blurred clip is the same bytes on one worker and on four, rendered twice")
    func reproducible() throws {
        let directory = try TemporaryDirectory("blur-repeat")
        let timeline = try slidingTimeline(pixelsPerFrame: 12, blur: MotionBlur(shutter: 180, samples: 5))
        try render(timeline, to: directory.file("one.mp4"), workers: 1)
        try render(timeline, to: directory.file("four.mp4"), workers: 4)
        try render(timeline, to: directory.file("again.mp4"), workers: 4)
        let one = try Data(contentsOf: directory.file("one.mp4"))
        #expect(one == (try Data(contentsOf: directory.file("four.mp4"))))
        #expect(one == (try Data(contentsOf: directory.file("again.mp4"))))
    }

    @Test("A still's sub-frames drawn on several threads give the pixels drawn one after another")
    func stillOnThreadsMatchesSequential() throws {
        let directory = try TemporaryDirectory("blur-png")
        let timeline = try slidingTimeline(pixelsPerFrame: 12, blur: MotionBlur(shutter: 180, samples: 6))
        try renderStill(timeline, at: 0.1, to: directory.file("still.png"))
        var bitmap = try timeline.makeBitmap()
        timeline.draw(at: 0.1, into: &bitmap)
        let written = try Bitmap(contentsOfPNG: directory.file("still.png"))
        for x in 0..<bitmap.width {
            #expect(written.pixel(x: x, y: 32) == bitmap.pixel(x: x, y: 32))
        }
    }

    @Test("Only a layer that asks for blur is sampled: the other keeps sharp edges")
    func onlyBlurredLayersMove() throws {
        var sharp = Timeline.Layer(SlidingSquare(pixelsPerFrame: 16, fps: fps, y: 4))
        sharp.motionBlur = nil
        var blurred = Timeline.Layer(SlidingSquare(pixelsPerFrame: 16, fps: fps, y: 36))
        blurred.motionBlur = MotionBlur(shutter: 180, samples: 8)
        let timeline = try Timeline(size: CGSize(width: 240, height: 64), fps: 30, duration: 0.2, background: .white,
                                    layers: [sharp, blurred])
        #expect(timeline.subframeCount == 8)
        var bitmap = try timeline.makeBitmap()
        timeline.draw(frame: 3, into: &bitmap)
        func extent(_ y: Int) -> Int {
            let inked = (0..<bitmap.width).filter { bitmap.pixel(x: $0, y: y).opacity > 0 && bitmap.pixel(x: $0, y: y).red < 0.96 }
            return (inked.last ?? 0) - (inked.first ?? 0) + 1
        }
        #expect(extent(16) == 24)
        #expect(extent(48) == 24 + 8)
    }
}
