import FlipbookDrawing
@testable import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// A Lottie frame landing on whole pixels at one pixel each is drawn without a bitmap of its own:
/// straight into the frame, or copied or composited from its renderer's buffer over its ink alone.
/// Each way must give the bytes of the general path (the same draw inside a layer, which always
/// takes it), and mark exactly the tiles of its ink.
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
        ("copied: rlottie's clear would run past the last row", (400, 100), CGPoint(x: 100, y: 0), .clear, false, false),
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

    @Test func onlyTheInksTilesAreMarked() throws {
        // Frame 0's box spans x 20 … 60, y 30 … 70: tile columns 1 … 3, rows 1 … 4.
        let straight = try Self.draw(frames: [0], size: (200, 100), origin: .zero, inLayer: false)
        #expect(straight.dirtyTiles.count == 12)
        #expect(straight.dirtyTiles.contains(column: 1, row: 1) && straight.dirtyTiles.contains(column: 3, row: 4))
        #expect(!straight.dirtyTiles.contains(column: 0, row: 0) && !straight.dirtyTiles.contains(column: 4, row: 2))
        // Copied from the buffer 100 pixels to the right: x 120 … 160, tile columns 7 … 9.
        let copied = try Self.draw(frames: [0], size: (400, 100), origin: CGPoint(x: 100, y: 0), inLayer: false)
        #expect(copied.dirtyTiles.count == 12)
        #expect(copied.dirtyTiles.contains(column: 7, row: 1) && copied.dirtyTiles.contains(column: 9, row: 4))
        // The general path marks the whole box: 13 × 7 tiles of 200 × 100 pixels.
        let general = try Self.draw(frames: [0], size: (200, 100), origin: .zero, inLayer: true)
        #expect(general.dirtyTiles.count == 13 * 7)
    }

    @Test func pixelInkFindsEachBandsColumns() {
        var pixels = [UInt32](repeating: 0, count: 40 * 40)
        for (x, y) in [(3, 2), (10, 15), (7, 20), (39, 39)] { pixels[y * 40 + x] = 0xFF00_00FF }
        let ink = pixels.withUnsafeBytes { PixelInk(pixels: $0.baseAddress!, width: 40, height: 40, rowBytes: 160) }
        #expect(ink.bands == [PixelInk.Band(rows: 0..<16, columns: 3..<11), PixelInk.Band(rows: 16..<32, columns: 7..<8),
                              PixelInk.Band(rows: 32..<40, columns: 39..<40)])
        #expect(ink.rects(x: 100, y: 10).first == PixelRect(x: 103, y: 10, width: 8, height: 16))
        let empty = [UInt32](repeating: 0, count: 16).withUnsafeBytes {
            PixelInk(pixels: $0.baseAddress!, width: 4, height: 4, rowBytes: 16)
        }
        #expect(empty.bands.isEmpty)
    }

    @Test func dirtyTilesTellWhetherARectangleTouchesAMark() {
        var tiles = DirtyTiles(width: 100, height: 50)
        tiles.mark(x: 20, y: 20, width: 1, height: 1)
        #expect(tiles.touches(PixelRect(x: 16, y: 16, width: 16, height: 16)))
        #expect(tiles.touches(PixelRect(x: 0, y: 0, width: 17, height: 17)))
        #expect(!tiles.touches(PixelRect(x: 0, y: 0, width: 16, height: 50)))
        #expect(!tiles.touches(PixelRect(x: 32, y: 0, width: 68, height: 50)))
        #expect(!tiles.touches(PixelRect(x: 20, y: 20, width: 0, height: 5)))
    }
}
