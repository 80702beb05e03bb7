import FlipbookAnimation
import FlipbookDrawing
import FlipbookRaster
import FlipbookRender
import Foundation
import Testing
@testable import FlipbookVideo

/// Conversion rewrites only the tiles drawn since the bitmap was cleared (and those the frame still
/// holds from an earlier picture). Whatever the history of the bitmap and the frame, the samples
/// must equal a conversion of every pixel.
@Suite("Converting only dirty tiles gives the same samples as converting everything")
struct DirtyTileConversionTests {
    func timeline(width: Int, height: Int, background: Color?) throws -> Timeline {
        try sparseConfetti(width: width, height: height, background: background, secondBurst: 12, seed: 4, duration: 1.2)
    }

    /// The samples of `bitmap` converted in full: a copy whose contents are not known converts every pixel.
    func fullConversion(_ bitmap: Bitmap, _ coefficients: YUVCoefficients) throws -> YUVFrame {
        var copy = bitmap
        try copy.withUnsafeMutableBytes { _, _ in }
        #expect(copy.clearPixel == nil)
        var frame = YUVFrame(width: bitmap.width, height: bitmap.height)
        convert(copy, coefficients: coefficients, into: &frame)
        return frame
    }

    func expectSameSamples(_ a: YUVFrame, _ b: YUVFrame, _ label: String) -> Bool {
        let same = a.y == b.y && a.u == b.u && a.v == b.v
        if !same {
            let index = a.y.indices.first { a.y[$0] != b.y[$0] }
            Issue.record("\(label): samples differ (first luma difference at \(index.map(String.init) ?? "none"))")
        }
        return same
    }

    @Test("two workers' bitmaps, frames recycled between them", arguments: [
        (320, 180, Color.white), (301, 203, Color.white), (97, 61, Color(red: 0.1, green: 0.2, blue: 0.6)),
    ])
    func recycledFrames(width: Int, height: Int, background: Color) throws {
        let timeline = try timeline(width: width, height: height, background: background)
        let coefficients = YUVCoefficients(background: .white)
        var bitmaps = [try timeline.makeBitmap(), try timeline.makeBitmap()]
        // Three frames handed round two bitmaps, so each frame meets pictures from both.
        var pool = (0..<3).map { _ in YUVFrame(width: width, height: height) }
        var tilesSkipped = 0
        for index in 0..<timeline.frameCount {
            let worker = index % 2
            timeline.draw(frame: index, into: &bitmaps[worker])
            #expect(bitmaps[worker].clearPixel != nil)
            tilesSkipped += bitmaps[worker].dirtyTiles.columns * bitmaps[worker].dirtyTiles.rows
                - bitmaps[worker].dirtyTiles.count
            convert(bitmaps[worker], coefficients: coefficients, into: &pool[index % 3])
            let expected = try fullConversion(bitmaps[worker], coefficients)
            try #require(expectSameSamples(pool[index % 3], expected, "frame \(index)"))
        }
        // The shortcut was actually taken.
        #expect(tilesSkipped > 0)
    }

    @Test func transparentClearFlattenedOverABackground() throws {
        let timeline = try timeline(width: 130, height: 70, background: nil)
        let coefficients = YUVCoefficients(background: Color(red: 0.9, green: 0.3, blue: 0.1))
        var bitmap = try timeline.makeBitmap()
        var frame = YUVFrame(width: 130, height: 70)
        for index in stride(from: 0, to: timeline.frameCount, by: 5) {
            timeline.draw(frame: index, into: &bitmap)
            #expect(bitmap.clearPixel == 0)
            convert(bitmap, coefficients: coefficients, into: &frame)
            try #require(expectSameSamples(frame, try fullConversion(bitmap, coefficients), "frame \(index)"))
        }
    }

    @Test func aChangeOfClearColourOrBackgroundConvertsEverything() throws {
        var bitmap = try Bitmap(width: 96, height: 66)
        var frame = YUVFrame(width: 96, height: 66)
        let white = YUVCoefficients(background: .white), black = YUVCoefficients(background: .black)
        let steps: [(clear: Color, coefficients: YUVCoefficients)] = [
            (.white, white), (.white, white), (.clear, white), (.clear, black), (.white, black), (.white, white),
        ]
        for (step, (clear, coefficients)) in steps.enumerated() {
            bitmap.draw(background: clear) { ctx, _ in
                let x = CGFloat(step * 13 % 80)
                ctx.fill(Path(ellipseIn: CGRect(x: x, y: 20, width: 16, height: 40)), with: .color(.orange.opacity(0.7)))
            }
            convert(bitmap, coefficients: coefficients, into: &frame)
            try #require(expectSameSamples(frame, try fullConversion(bitmap, coefficients), "step \(step)"))
        }
    }

    @Test func framesWrittenDirectlyForgetWhatTheyHeld() throws {
        var bitmap = try Bitmap(width: 64, height: 64)
        bitmap.draw(background: .white) { _, _ in }
        var frame = YUVFrame(width: 64, height: 64)
        convert(bitmap, background: .white, into: &frame)
        #expect(frame.cleared != nil)
        frame.withUnsafeMutablePlanes { y, _, _ in y[0] = 0 }
        #expect(frame.cleared == nil)
        convert(bitmap, background: .white, into: &frame)
        #expect(frame.y[0] == 235)
    }
}
