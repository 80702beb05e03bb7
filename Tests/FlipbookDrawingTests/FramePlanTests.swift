@testable import FlipbookDrawing
@testable import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// Frames planned in bands (``FramePlan``) have the bytes of the same drawing done shape by shape:
/// shapes that straddle bands or the frame's edges, Cairo's drawing between planned shapes, layers,
/// clips, and a plan that fills up.
@Suite("Frame plans")
struct FramePlanTests {
    /// Draws `body` over a white background into a `width × height` bitmap, planned in bands or not,
    /// and returns its pixels.
    static func pixels(width: Int, height: Int, bands: Bool,
                       _ body: (inout GraphicsContext, CGSize) -> Void) throws -> [UInt8] {
        var bitmap = try Bitmap(width: width, height: height)
        bitmap.drawsInBands = bands
        bitmap.draw(background: .white, body)
        #expect(bitmap.drawingIssue == nil)
        return bitmap.withUnsafeBytes { bytes, _ in Array(bytes) }
    }

    /// Both ways; records where they first differ.
    static func expectSameBothWays(width: Int, height: Int, _ label: String,
                                   _ body: (inout GraphicsContext, CGSize) -> Void) throws {
        let planned = try pixels(width: width, height: height, bands: true, body)
        let immediate = try pixels(width: width, height: height, bands: false, body)
        if planned != immediate {
            let index = planned.indices.first { planned[$0] != immediate[$0] } ?? 0
            Issue.record("\(label): byte \(index) differs (row \(index / 4 / width), column \(index / 4 % width))")
        }
    }

    /// One random shape the fast paths take: narrow rectangles (windows), wide ones and polygons
    /// (coverage cells), discs, and rings from 5 to 300 px, anywhere on the frame, across its edges
    /// (a narrow fill is drawn in a window over its visible part, a wide one goes to Cairo) and across
    /// band edges, translucent or opaque.
    static func drawRandomShape(_ context: GraphicsContext, size: CGSize, using rng: inout SplitMix) {
        func uniform(_ low: Double, _ high: Double) -> Double { Double.random(in: low...high, using: &rng) }
        var ctx = context
        ctx.translateBy(x: uniform(-20, size.width + 20), y: uniform(-20, size.height + 20))
        ctx.rotate(by: .radians(uniform(0, 2 * .pi)))
        ctx.opacity = Bool.random(using: &rng) ? 1 : uniform(0.1, 0.9)
        let color = Color(red: uniform(0, 1), green: uniform(0, 1), blue: uniform(0, 1))
        switch Int.random(in: 0..<5, using: &rng) {
        case 0:
            let w = uniform(0.5, 30), h = uniform(0.5, 40)
            ctx.fill(Path(CGRect(x: -w / 2, y: -h / 2, width: w, height: h)), with: .color(color))
        case 1:
            let w = uniform(35, 110), h = uniform(2, 100)
            ctx.fill(Path(CGRect(x: -w / 2, y: -h / 2, width: w, height: h)), with: .color(color))
        case 2:
            let d = uniform(1, 90)
            ctx.fill(Path(ellipseIn: CGRect(x: -d / 2, y: -d / 2, width: d, height: d)), with: .color(color))
        case 3:
            var path = Path()
            let count = Int.random(in: 3...7, using: &rng), radius = uniform(3, 60)
            let angles = (0..<count).map { _ in uniform(0, 2 * .pi) }.sorted()
            path.addLines(angles.map { CGPoint(x: radius * cos($0), y: radius * sin($0)) })
            path.closeSubpath()
            ctx.fill(path, with: .color(color))
        default:
            let r = uniform(5, 300)
            ctx.stroke(Path(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r)), with: .color(color),
                       lineWidth: uniform(0.5, 6))
        }
    }

    @Test func randomShapesDrawTheSameInBands() throws {
        // 333 rows: five whole bands and a partial one.
        try Self.expectSameBothWays(width: 300, height: 333, "random shapes") { context, size in
            var rng = SplitMix(state: 0xBA4D5)
            for _ in 0..<1500 { Self.drawRandomShape(context, size: size, using: &rng) }
        }
    }

    @Test("a shape straddling a band edge draws as it does alone", arguments: [
        63.0, 63.5, 63.99, 64.0, 64.01, 127.3, 191.75,
    ])
    func shapeAcrossABandEdge(y: Double) throws {
        let band = CGFloat(FramePlan.bandHeight)
        try Self.expectSameBothWays(width: 120, height: 260, "edge at \(y)") { context, _ in
            var ctx = context
            ctx.opacity = 0.6
            // A narrow rectangle (window), a wide one (cells), a disc and a ring, each over the edge.
            for (index, width) in [CGFloat(9), 70, 30].enumerated() {
                var piece = ctx
                piece.translateBy(x: 20 + CGFloat(index) * 30, y: CGFloat(y))
                piece.rotate(by: .degrees(17))
                if index == 2 {
                    piece.fill(Path(ellipseIn: CGRect(x: -15, y: -15, width: 30, height: 30)), with: .color(.blue))
                } else {
                    piece.fill(Path(CGRect(x: -width / 2, y: -band / 5, width: width, height: band / 2.5)),
                               with: .color(.red))
                }
            }
            ctx.stroke(Path(ellipseIn: CGRect(x: 10, y: CGFloat(y) - 40, width: 80, height: 80)),
                       with: .color(.green), lineWidth: 3)
        }
    }

    @Test func cairosDrawingBetweenPlannedShapesKeepsItsPlace() throws {
        let photo = try Bitmap(width: 40, height: 30)
        try Self.expectSameBothWays(width: 256, height: 200, "mixed drawing") { context, size in
            var rng = SplitMix(state: 7)
            for step in 0..<12 {
                for _ in 0..<40 { Self.drawRandomShape(context, size: size, using: &rng) }
                var ctx = context
                switch step % 6 {
                case 0:
                    // A gradient (Cairo) over the shapes so far.
                    ctx.fill(Path(CGRect(x: 20, y: 10, width: 200, height: 150)),
                             with: .linearGradient(Gradient(colors: [.red.opacity(0.5), .blue.opacity(0.3)]),
                                                   startPoint: .zero, endPoint: CGPoint(x: 200, y: 150)))
                case 1:
                    ctx.stroke(Path(ellipseIn: CGRect(x: 30, y: 30, width: 120, height: 90)), with: .color(.black),
                               style: StrokeStyle(lineWidth: 4, dash: [6, 3]))
                case 2:
                    // Inside a clip every fill goes to Cairo; after it the fast paths plan again.
                    ctx.clip(to: Path(ellipseIn: CGRect(x: 40, y: 20, width: 150, height: 150)))
                    for _ in 0..<20 { Self.drawRandomShape(ctx, size: size, using: &rng) }
                case 3:
                    // A layer's planned shapes go into the layer before it is composited.
                    ctx.opacity = 0.5
                    ctx.drawLayer { layer in
                        for _ in 0..<30 { Self.drawRandomShape(layer, size: size, using: &rng) }
                    }
                case 4:
                    ctx.blendMode = .multiply
                    Self.drawRandomShape(ctx, size: size, using: &rng)
                default:
                    ctx.draw(photo, in: CGRect(x: 50, y: 60, width: 80, height: 60))
                }
            }
        }
    }

    @Test func aFullPlanIsDrawnAndRecordingGoesOn() throws {
        try Self.expectSameBothWays(width: 200, height: 150, "more shapes than a plan holds") { context, _ in
            var ctx = context
            ctx.opacity = 0.3
            for index in 0..<(FramePlan.capacity + 5000) {
                let x = CGFloat(index % 197), y = CGFloat(index / 197 % 147)
                ctx.fill(Path(CGRect(x: x + 0.25, y: y + 0.5, width: 2.5, height: 1.75)),
                         with: .color(index % 2 == 0 ? .purple : .orange))
            }
        }
    }

    @Test func bandsAreReportedTopToBottomOverTheWholeBitmap() throws {
        for drawsSomething in [true, false] {
            var bitmap = try Bitmap(width: 50, height: 150)
            bitmap.drawsInBands = true
            var reported: [Range<Int>] = []
            bitmap.bandFinished = { rows, pixels in
                reported.append(rows)
                #expect(pixels.width == 50 && pixels.height == 150)
            }
            bitmap.draw(background: .white) { ctx, _ in
                if drawsSomething { ctx.fill(Path(CGRect(x: 3, y: 60, width: 5, height: 9)), with: .color(.red)) }
            }
            #expect(reported == [0..<64, 64..<128, 128..<150])
        }
    }
}
