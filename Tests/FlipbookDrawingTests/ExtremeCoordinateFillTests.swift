import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// Fills whose coordinates are finite but extreme (huge, tiny, denormal) once trapped the fast
/// rasterizer; they must draw what Cairo draws.
@Suite("Fills with extreme finite coordinates match Cairo")
struct ExtremeCoordinateFillTests {
    static let paths = [
        "M1 1T0 1e308",
        "M1 1Q1e20 5 8 8z",
        "M0 0L16 1e-39L0 16z",
        "M2 2L16 1e-39L2 16z",
        "M2 2L14 2L14 14L2 14z",
        "M1 1L1e308 1L1 1e308z",
        "M-1e308 -1e308L1e308 1L1 1e308z",
        "M4 4L5e-324 12L12 12z",
        "M4 4L12 4L12 1e-300L4 12z",
        "M1 1C1e300 1e-300 -1e300 1e300 8 8z",
        "M0 0L3e38 3e38L0 16z",
        "M0 0L3.5e38 1L0 16z",
        "M8 8l1e-45 1e-45l-1e-45 0z",
    ]

    @Test(arguments: paths)
    func fillMatchesCairo(_ data: String) throws {
        let path = try Path(svgPathData: data)
        func image(fast: Bool) throws -> Bitmap {
            var bitmap = try Bitmap(width: 16, height: 16)
            bitmap.draw(background: .white) { context, _ in
                context.allowsFastPaths = fast
                context.fill(path, with: .color(Color(red: 0.2, green: 0.4, blue: 0.8, opacity: 0.7)))
            }
            return bitmap
        }
        let fast = try image(fast: true)
        let cairo = try image(fast: false)
        let difference = try #require(compareImages(fast, cairo))
        #expect(difference.pixelsBeyondLoose == 0, "\(data): max difference \(difference.maximum)")
    }

    /// Boxes that overflow to infinity (or NaN) when transformed must still mark the tiles drawn into,
    /// or a reused bitmap would keep stale pixels.
    @Test(arguments: paths)
    func hugeExtentsMarkEveryTileDrawn(_ data: String) throws {
        let path = try Path(svgPathData: data)
        for scale in [1.0, 3.0] {
            var bitmap = try Bitmap(width: 48, height: 48)
            bitmap.draw(scale: scale, background: .white) { context, _ in
                context.fill(path, with: .color(.blue))
                context.stroke(path, with: .color(.red.opacity(0.5)), lineWidth: 2)
            }
            #expect(DirtyTileTests().unmarkedPixelsAreClear(bitmap, "\(data) at scale \(scale)"))
        }
    }

    /// Rings of huge finite radius or centre go to Cairo, never trap, and mark what they draw.
    @Test(arguments: [1e300, 1e20, 3e38, 1e7])
    func hugeRings(_ extent: Double) throws {
        let circles = [
            CGRect(x: -extent, y: -extent, width: 2 * extent, height: 2 * extent),
            CGRect(x: 10 - extent, y: 10, width: extent, height: extent),
            CGRect(x: extent, y: extent, width: 10, height: 10),
        ]
        for circle in circles {
            func image(fast: Bool) throws -> Bitmap {
                var bitmap = try Bitmap(width: 32, height: 32)
                bitmap.draw(background: .white) { context, _ in
                    context.allowsFastPaths = fast
                    context.stroke(Path(ellipseIn: circle), with: .color(.black), lineWidth: 3)
                }
                return bitmap
            }
            let fast = try image(fast: true)
            let difference = try #require(compareImages(fast, try image(fast: false)))
            #expect(difference.pixelsBeyondLoose == 0, "\(circle)")
            #expect(DirtyTileTests().unmarkedPixelsAreClear(fast, "\(circle)"))
        }
    }

    /// Found by the FastFill fuzz target (Fuzz/FastFill) on the code before the fix: a small ellipse
    /// under a transform that stretches y by 7e31 (and shears by a denormal) made the curve
    /// flattener convert an infinite segment count to Int.
    @Test func fuzzFoundStretchedEllipse() throws {
        let transform = CGAffineTransform(a: 0.0078125, b: 3.12905785907864e-309, c: -15.9921875, d: 7e+31,
                                          tx: 1.7734375, ty: 1.7734375)
        let ellipse = Path(ellipseIn: CGRect(x: 2.0078125, y: -15.9921875, width: 12.0078125, height: 12.0078125))
        func image(fast: Bool) throws -> Bitmap {
            var bitmap = try Bitmap(width: 24, height: 20)
            bitmap.draw(background: .white) { context, _ in
                context.allowsFastPaths = fast
                context.concatenate(transform)
                context.opacity = 0.6
                context.fill(ellipse, with: .color(.blue.opacity(0.8)))
            }
            return bitmap
        }
        let fast = try image(fast: true)
        let difference = try #require(compareImages(fast, try image(fast: false)))
        #expect(difference.pixelsBeyondLoose == 0, "max difference \(difference.maximum)")
        #expect(fast.drawingIssue == nil)
    }

    /// Found by the FastFillVsCairo fuzz target: a sliver a few hundredths of a pixel across and
    /// 770 pixels tall, whose tip crosses the top of the frame. Its exact coverage of pixels (0, 0)
    /// and (0, 1) is 3.95 % and 2.75 % (sampled on a 400 × 400 grid per pixel); the fast fill draws
    /// that, while Cairo 1.16 fills pixel (0, 0) whole and leaves (0, 1) empty, so this compares with
    /// the exact figures, not with Cairo.
    @Test func fuzzFoundSliverAcrossTheTopEdge() throws {
        let transform = CGAffineTransform(a: 0.0078125, b: 4.780653139062148e-299, c: 0.99609375, d: 48.74609375,
                                          tx: 0.82421875, ty: 2.0078125)
        var sliver = Path()
        sliver.move(to: CGPoint(x: 8.0078125, y: -15.83203125))
        sliver.addCurve(to: CGPoint(x: -15.48046875, y: 6.08470357571625e-310), control1: .zero, control2: .zero)
        var bitmap = try Bitmap(width: 24, height: 20)
        bitmap.draw(background: .white) { context, _ in
            context.concatenate(transform)
            context.fill(sliver, with: .color(.blue.opacity(0.8)))
        }
        for (y, coverage) in [(0, 0.0395), (1, 0.0275)] {
            #expect(abs(bitmap.pixel(x: 0, y: y).red - (1 - 0.8 * coverage)) <= 2.0 / 255, "row \(y)")
        }
        for y in 0..<20 {
            for x in 0..<24 where x > 0 || y > 1 {
                #expect(bitmap.pixel(x: x, y: y) == .white, "(\(x), \(y)) is outside the sliver")
            }
        }
    }
}
