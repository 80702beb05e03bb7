import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Bad input is reported, never crashes")
struct BadInputTests {
    @Test(arguments: [(0, 10), (10, 0), (-1, 5), (5, -3), (100_000, 100_000), (40_000, 1)])
    func impossibleSizesThrow(width: Int, height: Int) {
        let error = #expect(throws: FlipbookError.self) { try Bitmap(width: width, height: height) }
        #expect(error?.kind == .invalidInput)
        if width < 1 || height < 1 {
            #expect(error?.message == "A bitmap must be at least 1×1 pixel; \(width)×\(height) was requested.")
        } else {
            #expect(error?.message == "A bitmap of \(width)×\(height) pixels is too large: each side may be at most "
                + "32767 and the area at most 268435456 pixels.")
        }
    }

    @Test func nanInPathIsRecordedAndSkipped() throws {
        var bitmap = try Bitmap(width: 10, height: 10)
        bitmap.draw(background: .white) { context, _ in
            var path = Path()
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: 10, y: 0))
            path.addLine(to: CGPoint(x: 10, y: 10))
            path.addLine(to: CGPoint(x: CGFloat.nan, y: 10))
            context.fill(path, with: .color(.black))
            // Later valid drawing still happens.
            context.fill(Path(CGRect(x: 0, y: 0, width: 2, height: 2)), with: .color(.black))
        }
        let issue = try #require(bitmap.drawingIssue)
        #expect(issue.kind == .invalidInput)
        #expect(issue.message.contains("fill: the path has a non-finite coordinate (nan) in element 3"))
        #expect(bitmap.pixel(x: 8, y: 5) == .white)
        #expect(bitmap.pixel(x: 1, y: 1) == Color(white: 0))
    }

    /// A shadow's offset is the user's times the scale, and becomes whole pixels: one far past the
    /// layer leaves no shadow rather than trapping in the conversion.
    @Test(arguments: [1e300, -1e300, 1e19, Double.greatestFiniteMagnitude])
    func aShadowOffsetFarBeyondTheLayerDrawsNoShadow(offset: Double) throws {
        var bitmap = try Bitmap(width: 20, height: 20)
        bitmap.draw(background: .white) { context, _ in
            context.addFilter(.shadow(color: .black, radius: 0, x: offset, y: offset))
            context.fill(Path(CGRect(x: 5, y: 5, width: 4, height: 4)), with: .color(.red))
        }
        #expect(bitmap.pixel(x: 6, y: 6) == .red)
        #expect(bitmap.pixel(x: 15, y: 15) == .white)
        #expect(bitmap.pixel(x: 1, y: 1) == .white)
    }

    @Test func firstIssueIsKept() throws {
        var bitmap = try Bitmap(width: 10, height: 10)
        bitmap.draw { context, _ in
            context.stroke(Path(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.black), lineWidth: .infinity)
            context.fill(Path(CGRect(x: 0, y: 0, width: CGFloat.nan, height: 5)), with: .color(.black))
        }
        #expect(bitmap.drawingIssue?.message.contains("stroke: the line width is not finite (inf)") == true)
        // A later draw without a background keeps the issue; with one it is cleared.
        bitmap.draw { _, _ in }
        #expect(bitmap.drawingIssue != nil)
        bitmap.draw(background: .clear) { _, _ in }
        #expect(bitmap.drawingIssue == nil)
    }

    @Test func nanTransformIsRecorded() throws {
        var bitmap = try Bitmap(width: 10, height: 10)
        bitmap.draw { context, _ in
            var ctx = context
            ctx.rotate(by: .radians(Double.nan))
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.black))
        }
        #expect(bitmap.drawingIssue?.message.contains("fill: the transform has a non-finite entry") == true)
    }

    @Test func singularTransformDrawsNothingWithoutAnIssue() throws {
        var bitmap = try Bitmap(width: 10, height: 10)
        bitmap.draw(background: .white) { context, _ in
            var ctx = context
            ctx.scaleBy(x: 0, y: 0)
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.black))
            ctx.clip(to: Path(CGRect(x: 0, y: 0, width: 5, height: 5)))
            ctx.drawLayer { layer in layer.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.black)) }
        }
        #expect(bitmap.drawingIssue == nil)
        #expect(bitmap.pixel(x: 0, y: 0) == .white)
    }

    /// A transform whose determinant is fine (0.25) but whose inverse overflows made Cairo fail an
    /// assertion while painting an image under it, aborting the process (the FastFillVsCairo fuzzer's
    /// input Fuzz/Corpus/FastFill/huge-inverse.bin). It draws nothing now, with the fast paths or without.
    @Test(arguments: [true, false])
    func transformWithAnOverflowingInverseDrawsNothing(fastPaths: Bool) throws {
        var bitmap = try Bitmap(width: 24, height: 20)
        let image = try Bitmap(width: 2, height: 2)
        bitmap.draw(background: .white) { context, _ in
            context.allowsFastPaths = fastPaths
            context.concatenate(CGAffineTransform(a: 0.0078125, b: -8.713061224645698e307, c: -7e-320, d: 31.99609375,
                                                  tx: 47.99609375, ty: 11.2734375))
            context.opacity = 0.6
            context.draw(TextSymbol("🎉"), height: 15, widthScale: 0.35, color: .red)
            context.draw(TextSymbol("★"), height: 15, widthScale: 1, color: .red)
            context.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 5)),
                         with: .linearGradient(Gradient(colors: [.red, .blue]), startPoint: .zero, endPoint: CGPoint(x: 5, y: 0)))
            context.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 4))
            context.fill(Path(ellipseIn: CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.black))
        }
        #expect(bitmap.drawingIssue == nil)
        let untouched = (0..<20).allSatisfy { y in (0..<24).allSatisfy { x in bitmap.pixel(x: x, y: y) == .white } }
        #expect(untouched)
    }

    @Test func badStrokeStylesAndShadingsAreRecorded() throws {
        let cases: [(String, (inout GraphicsContext) -> Void)] = [
            ("dash length 1 is negative", { $0.stroke(Path(CGRect(x: 1, y: 1, width: 5, height: 5)), with: .color(.black), style: StrokeStyle(dash: [2, -1])) }),
            ("the dash phase is not finite", { $0.stroke(Path(CGRect(x: 1, y: 1, width: 5, height: 5)), with: .color(.black), style: StrokeStyle(dash: [2], dashPhase: .nan)) }),
            ("the line width is negative", { $0.stroke(Path(CGRect(x: 1, y: 1, width: 5, height: 5)), with: .color(.black), lineWidth: -2) }),
            ("gradient stop 1 has a non-finite location", { $0.fill(Path(CGRect(x: 1, y: 1, width: 5, height: 5)), with: .linearGradient(Gradient(stops: [.init(color: .red, location: 0), .init(color: .blue, location: .nan)]), startPoint: .zero, endPoint: CGPoint(x: 5, y: 0))) }),
            ("the gradient's radii are not finite", { $0.fill(Path(CGRect(x: 1, y: 1, width: 5, height: 5)), with: .radialGradient(Gradient(colors: [.red]), center: .zero, startRadius: 0, endRadius: .infinity)) }),
            ("the rectangle is not finite", { context in context.draw(try! Bitmap(width: 1, height: 1), in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1)) }),
            ("clip: the path has a non-finite coordinate", { context in context.clip(to: Path(CGRect(x: CGFloat.infinity, y: 0, width: 1, height: 1))) }),
        ]
        for (expected, body) in cases {
            var bitmap = try Bitmap(width: 10, height: 10)
            bitmap.draw { context, _ in body(&context) }
            #expect(bitmap.drawingIssue?.message.contains(expected) == true, "\(expected): \(String(describing: bitmap.drawingIssue))")
            // Cairo was not put into an error state: the bitmap still encodes once the issue is cleared.
            bitmap.draw(background: .clear) { _, _ in }
            #expect(throws: Never.self) { try bitmap.pngData() }
        }
    }

    @Test func allZeroDashesDrawASolidLine() throws {
        let image = try drawing(10, 10) { context, _ in
            context.stroke(Path { p in p.move(to: CGPoint(x: 0, y: 5)); p.addLine(to: CGPoint(x: 10, y: 5)) },
                           with: .color(.black), style: StrokeStyle(lineWidth: 2, dash: [0, 0]))
        }
        #expect(image.drawingIssue == nil)
        #expect(image.pixel(x: 5, y: 5) == Color(white: 0))
    }

    @Test func badScaleIsRecorded() throws {
        var bitmap = try Bitmap(width: 4, height: 4)
        var called = false
        bitmap.draw(scale: 0) { _, _ in called = true }
        #expect(!called)
        #expect(bitmap.drawingIssue?.message.contains("scale") == true)
    }

    @Test func bitmapWithIssueIsNotWritten() throws {
        let scratch = try TemporaryDirectory("drawing")
        let directory = scratch.url
        var bitmap = try Bitmap(width: 10, height: 10)
        bitmap.draw { context, _ in
            context.fill(Path(ellipseIn: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 4)), with: .color(.black))
        }
        let url = directory.appendingPathComponent("bad.png")
        // The first drawing problem is what both throw, so the caller learns why there is no file.
        let issue = "A drawing operation was skipped: fill: the path has a non-finite coordinate (nan) in element 0."
        let writeError = #expect(throws: FlipbookError.self) { try bitmap.writePNG(to: url) }
        #expect(writeError?.kind == .invalidInput)
        #expect(writeError?.message == issue)
        let dataError = #expect(throws: FlipbookError.self) { try bitmap.pngData() }
        #expect(dataError?.kind == .invalidInput)
        #expect(dataError?.message == issue)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func opacityNaNIsRecorded() throws {
        var bitmap = try Bitmap(width: 4, height: 4)
        bitmap.draw { context, _ in
            var ctx = context
            ctx.opacity = .nan
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.black))
        }
        #expect(bitmap.drawingIssue?.message.contains("opacity") == true)
    }
}
