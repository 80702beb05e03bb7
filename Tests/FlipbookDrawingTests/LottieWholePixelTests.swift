@testable import FlipbookDrawing
@testable import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// A Lottie frame landing on whole pixels at one pixel each is drawn without a bitmap of its own:
/// straight into the frame (leaving the frame's transparent clear of those rows to rlottie), or copied
/// or composited from its renderer's buffer over its ink alone. Each way must give the bytes of the
/// general path (the same draw inside a layer, which always takes it), and mark the tiles it drew.
@Suite struct LottieWholePixelTests {
    /// `frames` of the moving box drawn one after another into one `size` bitmap, each with its
    /// box's top-left at `origin`: cleared to `background` first, and `before` drawn first; `inLayer`
    /// draws the animation inside a layer (the general path).
    static func draw(frames: [Int], size: (Int, Int), origin: CGPoint, background: Color? = .clear, twice: Bool = false,
                     inLayer: Bool, before: (inout GraphicsContext) -> Void = { _ in }) throws -> Bitmap {
        let animation = try LottieAnimationTests.box()
        var bitmap = try Bitmap(width: size.0, height: size.1)
        for frame in frames {
            bitmap.draw(background: background) { context, _ in
                before(&context)
                for _ in 0..<(twice ? 2 : 1) {
                    let rect = CGRect(origin: origin, size: animation.size)
                    if inLayer {
                        context.drawLayer { $0.draw(animation, in: rect, frame: frame) }
                    } else {
                        context.draw(animation, in: rect, frame: frame)
                    }
                }
            }
            #expect(bitmap.drawingIssue == nil)
        }
        return bitmap
    }

    static func bytes(_ bitmap: Bitmap) -> [UInt32] {
        bitmap.withUnsafeBytes { bytes, stride in
            (0..<bitmap.height).flatMap { y in
                (0..<bitmap.width).map { x in bytes.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) }
            }
        }
    }

    /// (name, bitmap size, the box's origin, background, something drawn first, drawn twice)
    static let placements: [(String, (Int, Int), CGPoint, Color?, Bool, Bool)] = [
        ("straight, at the top-left", (200, 100), .zero, .clear, false, false),
        ("straight, lower down at the left edge", (200, 300), CGPoint(x: 0, y: 100), .clear, false, false),
        ("straight, inside with a row below", (400, 200), CGPoint(x: 100, y: 50), .clear, false, false),
        ("straight, at the bottom with a margin: rlottie's clear reaches the spare row", (400, 100), CGPoint(x: 100, y: 0),
         .clear, false, false),
        ("copied: a fill beside the box, in the rows rlottie would clear", (400, 100), CGPoint(x: 100, y: 0), .clear, true, false),
        ("composited over a background", (400, 100), CGPoint(x: 100, y: 0), .white, false, false),
        ("composited over a fill drawn first", (200, 100), .zero, .clear, true, false),
        ("composited over its own earlier draw", (200, 100), .zero, .clear, false, true),
        ("straight over what an earlier frame left", (200, 100), .zero, nil, false, false),
    ]

    @Test(arguments: placements.indices)
    func everyWayGivesTheGeneralPathsBytes(index: Int) throws {
        let (name, size, origin, background, fillFirst, twice) = Self.placements[index]
        let before: (inout GraphicsContext) -> Void = { context in
            if fillFirst { context.fill(Path(CGRect(x: 30, y: 40, width: 50, height: 10)), with: .color(.blue.opacity(0.5))) }
        }
        // Frames out of order into one bitmap: each clear repaints only the tiles marked before it.
        let frames = [0, 17, 29, 5]
        let fast = try Self.draw(frames: frames, size: size, origin: origin, background: background, twice: twice,
                                 inLayer: false, before: before)
        let general = try Self.draw(frames: frames, size: size, origin: origin, background: background, twice: twice,
                                    inLayer: true, before: before)
        #expect(Self.bytes(fast) == Self.bytes(general), "\(name)")
        let alone = try Self.draw(frames: [5], size: size, origin: origin, background: background, twice: twice,
                                  inLayer: true, before: before)
        if background != nil { #expect(Self.bytes(fast) == Self.bytes(alone), "\(name): the last frame differs from it drawn alone") }
    }

    @Test func aBitmapWithoutTheSpareRowTakesTheCopy() throws {
        // A decoded PNG's pixels end with its last row: rlottie's clear from x = 100 would run past them.
        // (A PNG with alpha, which is read as it is; others are converted into a new bitmap.)
        var translucent = try Bitmap(width: 400, height: 100)
        translucent.draw { context, _ in context.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(.red.opacity(0.5))) }
        let png = try translucent.pngData()
        // Made here, so that its storage is not shared (a shared one is copied into a new bitmap).
        var fast = try Bitmap(pngData: png, path: "translucent.png")
        let animation = try LottieAnimationTests.box()
        for frame in [0, 17] {
            fast.draw(background: .clear) { context, _ in
                context.draw(animation, in: CGRect(origin: CGPoint(x: 100, y: 0), size: animation.size), frame: frame)
            }
        }
        let general = try Self.draw(frames: [0, 17], size: (400, 100), origin: CGPoint(x: 100, y: 0), inLayer: true)
        #expect(Self.bytes(fast) == Self.bytes(general))
        // The copy marks the tiles of the last frame's ink alone.
        var inked = DirtyTiles(width: 400, height: 100)
        fast.withUnsafeBytes { bytes, stride in
            let ink = PixelInk(pixels: bytes.baseAddress!, width: 400, height: 100, rowBytes: stride)
            for rect in ink.rects(x: 0, y: 0) { inked.mark(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
        }
        #expect(!inked.isEmpty && fast.dirtyTiles == inked)
    }

    @Test func whatEachWayMarks() throws {
        // Straight: the box, 13 × 7 tiles of a 200 × 100 box, since rlottie cleared all of it.
        let straight = try Self.draw(frames: [0], size: (200, 100), origin: .zero, inLayer: false)
        #expect(straight.dirtyTiles.count == 13 * 7)
        // Copied from the buffer 100 pixels to the right, beside a fill at x 30 … 80, y 40 … 50: frame
        // 0's ink at x 120 … 160, y 30 … 70 (tile columns 7 … 9, rows 1 … 4) and the fill's tiles.
        let copied = try Self.draw(frames: [0], size: (400, 100), origin: CGPoint(x: 100, y: 0), inLayer: false) { context in
            context.fill(Path(CGRect(x: 30, y: 40, width: 50, height: 10)), with: .color(.blue.opacity(0.5)))
        }
        #expect(copied.dirtyTiles.count == 3 * 4 + 4 * 2)
        #expect(copied.dirtyTiles.contains(column: 7, row: 1) && copied.dirtyTiles.contains(column: 9, row: 4))
        #expect(!copied.dirtyTiles.contains(column: 6, row: 1) && !copied.dirtyTiles.contains(column: 10, row: 1))
        // The general path marks the whole box too.
        let general = try Self.draw(frames: [0], size: (200, 100), origin: .zero, inLayer: true)
        #expect(general.dirtyTiles.count == 13 * 7)
    }

    /// The transparent clear a straight Lottie frame would have taken over is written when something
    /// else draws first, when the next frame's box is elsewhere, and when nothing is drawn at all.
    @Test(arguments: [false, true])
    func aClearNotLeftToRlottieIsWritten(inBands: Bool) throws {
        let animation = try LottieAnimationTests.box()
        let fill = Path(CGRect(x: 150, y: 230, width: 10, height: 10))
        var frame = try Bitmap(width: 200, height: 300)
        frame.drawsInBands = inBands
        var expected = try Bitmap(width: 200, height: 300)
        let rect = CGRect(origin: .zero, size: animation.size)
        frame.draw(background: .clear) { context, _ in context.draw(animation, in: rect, frame: 0) }
        // A fill first (the fast fill: the plan when drawn in bands), then nothing at all.
        frame.draw(background: .clear) { context, _ in context.fill(fill, with: .color(.red)) }
        expected.draw(background: .clear) { context, _ in context.fill(fill, with: .color(.red)) }
        #expect(Self.bytes(frame) == Self.bytes(expected))
        frame.draw(background: .clear) { context, _ in context.draw(animation, in: rect, frame: 0) }
        frame.draw(background: .clear) { _, _ in }
        #expect(Self.bytes(frame).allSatisfy { $0 == 0 })
        // The next frame's box 150 rows lower: rows 0 … 100 are not rlottie's to clear this time.
        frame.draw(background: .clear) { context, _ in context.draw(animation, in: rect, frame: 0) }
        frame.draw(background: .clear) { context, _ in context.draw(animation, in: rect.offsetBy(dx: 0, dy: 150), frame: 9) }
        expected.draw(background: .clear) { context, _ in
            context.drawLayer { $0.draw(animation, in: rect.offsetBy(dx: 0, dy: 150), frame: 9) }
        }
        #expect(Self.bytes(frame) == Self.bytes(expected))
        #expect(frame.drawingIssue == nil && expected.drawingIssue == nil)
    }

    @Test func bitmapsHaveASpareRow() throws {
        let made = try Bitmap(width: 30, height: 2)
        #expect(SpareRow.bytes(after: made.storage.surface) == made.bytesPerRow)
        var translucent = made
        translucent.draw { context, _ in context.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(.red.opacity(0.5))) }
        let decoded = try Bitmap(pngData: translucent.pngData(), path: "translucent.png")
        #expect(SpareRow.bytes(after: decoded.storage.surface) == 0)
    }
}

/// Rectangles with fractional edges that rlottie can still draw onto the bitmap's own pixels.
@Suite struct LottiePlacementTests {
    @Test func wholePixelsOfTheGeneralPathsSizeAreTheBox() {
        let size = CGSize(width: 200, height: 100)
        #expect(LottiePlacement.pixels(for: CGRect(x: 100, y: 0, width: 200, height: 100), width: 200, height: 100, size: size)
            == PixelRect(x: 100, y: 0, width: 200, height: 100))
        // Within a millionth of a pixel of whole pixels counts as on them.
        #expect(LottiePlacement.pixels(for: CGRect(x: 100.0000001, y: 0, width: 200, height: 100), width: 200, height: 100,
                                       size: size) == PixelRect(x: 100, y: 0, width: 200, height: 100))
    }

    @Test func aRectangleFittedAndCentredInAFrameGetsThePixelsAroundIt() {
        // 1432 × 1016 fitted into 1920 × 1080: 1522.20… wide from x = 198.89…, 1080 high.
        let size = CGSize(width: 1432, height: 1016)
        let scale = 1080.0 / 1016
        let fitted = CGRect(x: (1920 - 1432 * scale) / 2, y: 0, width: 1432 * scale, height: 1080)
        #expect(LottiePlacement.pixels(for: fitted, width: 1523, height: 1080, size: size)
            == PixelRect(x: 198, y: 0, width: 1524, height: 1080))
        // 1080 × 1920 into 1920 × 1080: 607.5 wide from x = 656.25.
        #expect(LottiePlacement.pixels(for: CGRect(x: 656.25, y: 0, width: 607.5, height: 1080), width: 608, height: 1080,
                                       size: CGSize(width: 1080, height: 1920)) == PixelRect(x: 656, y: 0, width: 608, height: 1080))
        // Centred the other way: 100 wide, 50.5 high from y = 10.25 (its centre at 35.5).
        #expect(LottiePlacement.pixels(for: CGRect(x: 3, y: 10.25, width: 100, height: 50.5), width: 100, height: 51,
                                       size: CGSize(width: 200, height: 101)) == PixelRect(x: 3, y: 10, width: 100, height: 51))
    }

    @Test func otherRectanglesAreNotPlaced() {
        let size = CGSize(width: 200, height: 100)
        // Not centred on a half-pixel: 240 wide from x = 20.25 ends at 260.25.
        #expect(LottiePlacement.pixels(for: CGRect(x: 20.25, y: 0, width: 240, height: 120), width: 240, height: 120, size: size) == nil)
        // Stretched: not the animation's aspect.
        #expect(LottiePlacement.pixels(for: CGRect(x: 20.5, y: 0, width: 250, height: 120), width: 250, height: 125, size: size) == nil)
        // No side on whole pixels.
        #expect(LottiePlacement.pixels(for: CGRect(x: 20.5, y: 0.5, width: 241, height: 120.5), width: 241, height: 121, size: size) == nil)
        // Whole pixels, but not the size the general path draws at.
        #expect(LottiePlacement.pixels(for: CGRect(x: 0, y: 0, width: 200, height: 99), width: 200, height: 100, size: size) == nil)
    }

    /// A fitted, centred rectangle is rlottie's own frame of the pixels around it, byte for byte: the
    /// animation at its fractional position, not resampled.
    @Test func aCentredRectangleIsRlottiesOwnFrameOfItsPixels() throws {
        let animation = try LottieAnimationTests.box()
        // 240 × 120 from x = 20.5: the 241 pixels from x = 20, which rlottie fits the box into at 1.2.
        let rect = CGRect(x: 20.5, y: 0, width: 240, height: 120)
        var frame = try Bitmap(width: 300, height: 120)
        var own = try Bitmap(width: 241, height: 120)
        for index in [3, 17] {
            frame.draw(background: .clear) { context, _ in context.draw(animation, in: rect, frame: index) }
            try own.withUnsafeMutableBytes { bytes, stride in
                try animation.player.render(frame: index, into: bytes.baseAddress!, width: 241, height: 120, bytesPerRow: stride)
            }
            var expected = try Bitmap(width: 300, height: 120)
            expected.draw(background: .clear) { context, _ in context.draw(own, in: CGRect(x: 20, y: 0, width: 241, height: 120)) }
            #expect(frame.drawingIssue == nil)
            #expect(LottieWholePixelTests.bytes(frame) == LottieWholePixelTests.bytes(expected), "frame \(index)")
        }
        // Inside a layer (the general path: an image of 240 × 120 resampled) it is close, not equal.
        var general = try Bitmap(width: 300, height: 120)
        general.draw(background: .clear) { context, _ in context.drawLayer { $0.draw(animation, in: rect, frame: 17) } }
        let pairs = zip(LottieWholePixelTests.bytes(frame), LottieWholePixelTests.bytes(general))
        let largest = pairs.map(Self.largestChannelDifference).max() ?? 0
        #expect(largest > 0 && largest <= 160)
    }

    static func largestChannelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        (0..<4).map { (shift: Int) -> Int in
            let x = Int((a >> UInt32(shift * 8)) & 0xFF), y = Int((b >> UInt32(shift * 8)) & 0xFF)
            return abs(x - y)
        }.max() ?? 0
    }
}
