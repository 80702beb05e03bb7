import FlipbookAnimation
@testable import FlipbookDrawing
import FlipbookRaster
import FlipbookRender
import Foundation
import Testing
@testable import FlipbookVideo

/// Converting band by band while a planned frame is drawn gives the samples of converting the finished
/// frame, whatever the frames it reuses held before.
@Suite("Band conversion")
struct BandConversionTests {
    func timeline(width: Int, height: Int, background: Color?) throws -> Timeline {
        try sparseConfetti(width: width, height: height, background: background, secondBurst: 40, seed: 9, duration: 1)
    }

    @Test("frames recycled between two bitmaps", arguments: [(301, 203), (320, 180), (97, 61)])
    func recycledFrames(width: Int, height: Int) throws {
        let timeline = try timeline(width: width, height: height, background: .white)
        var planned = [try timeline.makeBitmap(), try timeline.makeBitmap()]
        for index in planned.indices { planned[index].drawsInBands = true }
        var reference = try timeline.makeBitmap()
        reference.drawsInBands = false
        var pool: [YUVFrame?] = [nil, nil, nil]
        for index in 0..<timeline.frameCount {
            let worker = index % 2
            let converter = BandConverter(reusing: pool[index % 3].take(), background: .white)
            planned[worker].bandFinished = converter.convert
            timeline.draw(frame: index, into: &planned[worker])
            planned[worker].bandFinished = nil
            let frame = try #require(converter.finish())
            pool[index % 3] = frame

            timeline.draw(frame: index, into: &reference)
            var expected = YUVFrame(width: width, height: height)
            convert(reference, background: .white, into: &expected)
            #expect(frame.y == expected.y && frame.u == expected.u && frame.v == expected.v, "frame \(index)")
            #expect(frame.cleared?.dirty == reference.dirtyTiles)
        }
    }

    @Test func aBitmapDrawnOverWhatItHeldConvertsEveryPixel() throws {
        var bitmap = try Bitmap(width: 130, height: 70)
        bitmap.drawsInBands = true
        bitmap.draw(background: .white) { ctx, _ in ctx.fill(Path(CGRect(x: 5, y: 5, width: 20, height: 9)), with: .color(.blue)) }
        // Drawing without a background keeps the pixels: their colour outside the drawn tiles is not known.
        try bitmap.withUnsafeMutableBytes { bytes, _ in bytes[0] = 0 }
        let converter = BandConverter(reusing: nil, background: .black)
        bitmap.bandFinished = converter.convert
        bitmap.draw { ctx, _ in ctx.fill(Path(CGRect(x: 40, y: 30, width: 12, height: 8)), with: .color(.red.opacity(0.5))) }
        bitmap.bandFinished = nil
        let frame = try #require(converter.finish())
        var expected = YUVFrame(width: 130, height: 70)
        convert(bitmap, background: .black, into: &expected)
        #expect(frame.y == expected.y && frame.u == expected.u && frame.v == expected.v)
        #expect(frame.cleared == nil)
    }
}
