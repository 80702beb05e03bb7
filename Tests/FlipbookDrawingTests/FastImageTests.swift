import CCairo
@testable import FlipbookDrawing
@testable import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// The image fast path (``FastImage``, emoji confetti) against Cairo's bilinear paint.
///
/// The fast path does pixman's arithmetic (7-bit weights, one truncation, the opacity and source-over
/// rounded as pixman rounds them); only its sample positions differ from pixman's, by a few 65536ths of
/// a pixel, which now and then moves a weight by one 128th. Measured over the cases below: at most 2
/// levels per channel, the bound held here.
@Suite("The image fast path")
struct FastImageTests {
    /// Levels per channel the fast path may differ from Cairo.
    static let tolerance = 2

    /// The test-support generator, so every run draws the same cases.
    typealias Random = SplitMix

    struct Piece: CustomStringConvertible {
        var symbol: String
        var height, widthScale, angle, x, y, opacity: Double
        var color: Color
        var description: String {
            "\(symbol) h \(height) w×\(widthScale) at (\(x), \(y)) \(angle)° opacity \(opacity)"
        }

        func draw(_ context: GraphicsContext) {
            var ctx = context
            ctx.opacity = opacity
            ctx.translateBy(x: x, y: y)
            ctx.rotate(by: .degrees(angle))
            ctx.draw(TextSymbol(symbol), height: height, widthScale: widthScale, color: color)
        }
    }

    /// Random confetti on a 64×48-point canvas: any angle, fractional positions, flips down to 5 %,
    /// sizes from 5 to 40 points, and a quarter of them hanging off an edge.
    static func pieces(_ count: Int, seed: UInt64) -> [Piece] {
        var rng = Random(state: seed)
        let symbols = ["🎉", "😀", "★", "A"]
        let colors: [Color] = [.red, .blue, .green.opacity(0.6), .purple]
        return (0..<count).map { i in
            let offEdge = i % 4 == 3
            return Piece(
                symbol: symbols[i % symbols.count], height: Double.random(in: 5...40, using: &rng),
                widthScale: Double.random(in: 0.05...1, using: &rng), angle: Double.random(in: 0..<360, using: &rng),
                x: offEdge ? [-3.3, 66.7][i % 2] : Double.random(in: 4..<60, using: &rng),
                y: offEdge ? Double.random(in: -4...52, using: &rng) : Double.random(in: 4..<44, using: &rng),
                opacity: i % 3 == 0 ? 1 : Double.random(in: 0.05...1, using: &rng), color: colors[i % colors.count])
        }
    }

    func both(scale: CGFloat, background: Color?, _ piece: Piece) throws -> (fast: Bitmap, cairo: Bitmap) {
        let side = (Int(64 * scale), Int(48 * scale))
        let fast = try drawing(side.0, side.1, scale: scale, background: background) { context, _ in piece.draw(context) }
        let cairo = try drawing(side.0, side.1, scale: scale, background: background) { context, _ in
            context.allowsFastPaths = false
            piece.draw(context)
        }
        #expect(fast.drawingIssue == nil && cairo.drawingIssue == nil)
        return (fast, cairo)
    }

    @Test func symbolsMatchCairoUnderRandomTransforms() throws {
        var worst = 0, differing = 0
        for (i, piece) in Self.pieces(160, seed: 13).enumerated() {
            let scale: CGFloat = i % 5 == 4 ? 2 : 1
            let (fast, cairo) = try both(scale: scale, background: i % 2 == 0 ? .white : nil, piece)
            let difference = try #require(compareImages(fast, cairo))
            worst = max(worst, difference.maximum)
            if difference.maximum > 0 { differing += 1 }
            #expect(difference.maximum <= Self.tolerance, "\(piece), scale \(scale)")
        }
        // The fast path ran: its sample positions are not exactly pixman's, so about half of the pictures
        // (79 of 160 when measured) differ somewhere; through Cairo alone none would.
        #expect(differing >= 40, "only \(differing) of 160 pictures differ at all (worst \(worst))")
    }

    /// Inside a layer the fast path draws into the layer's own surface (with its device offset);
    /// under a clip or another blend mode it leaves the symbol to Cairo.
    @Test func layersClipsAndBlendModes() throws {
        let piece = Piece(symbol: "🎉", height: 22, widthScale: 0.7, angle: 23, x: 40.3, y: 20.6, opacity: 0.8,
                          color: .red)
        func frame(_ fast: Bool, _ body: (inout GraphicsContext) -> Void) throws -> Bitmap {
            try drawing(64, 48) { context, _ in
                context.allowsFastPaths = fast
                body(&context)
            }
        }
        let cases: [(String, (inout GraphicsContext) -> Void)] = [
            ("layer", { context in
                context.opacity = 0.7
                context.drawLayer { layer in
                    layer.translateBy(x: -9.5, y: 3)
                    piece.draw(layer)
                }
            }),
            ("clip", { context in
                context.clip(to: Path(ellipseIn: CGRect(x: 25, y: 5, width: 30, height: 30)))
                piece.draw(context)
            }),
            ("multiply", { context in
                context.blendMode = .multiply
                piece.draw(context)
            }),
        ]
        for (name, body) in cases {
            let fast = try frame(true, body), cairo = try frame(false, body)
            let difference = try #require(compareImages(fast, cairo))
            #expect(difference.maximum <= Self.tolerance, "\(name)")
            if name != "layer" { #expect(difference.maximum == 0, "\(name) should have gone to Cairo") }
            #expect(fast.drawingIssue == nil)
        }
    }

    @Test func aColourEmojiStaysColoured() throws {
        let image = try drawing(60, 60) { context, _ in
            var ctx = context
            ctx.translateBy(x: 30.4, y: 29.7)
            ctx.rotate(by: .degrees(33))
            ctx.draw(TextSymbol("🎉"), height: 44, widthScale: 0.8, color: .gray)
        }
        var mostSaturated = 0.0
        for y in 0..<60 {
            for x in 0..<60 {
                let c = image.pixel(x: x, y: y)
                mostSaturated = max(mostSaturated, max(c.red, c.green, c.blue) - min(c.red, c.green, c.blue))
            }
        }
        #expect(mostSaturated > 0.5)
    }

    /// Everything the fast path changes lies in the tiles it marks, wherever the piece lands.
    @Test func marksEveryPixelItChanges() throws {
        let tiles = DirtyTileTests()
        for piece in Self.pieces(40, seed: 7) {
            var bitmap = try Bitmap(width: 64, height: 48)
            bitmap.draw(background: .white) { context, _ in piece.draw(context) }
            try #require(tiles.unmarkedPixelsAreClear(bitmap, "\(piece)"))
        }
        var reused = try Bitmap(width: 64, height: 48)
        for piece in Self.pieces(40, seed: 8) {
            reused.draw(background: .white) { context, _ in piece.draw(context) }
        }
        let last = Self.pieces(1, seed: 9)[0]
        reused.draw(background: .white) { context, _ in last.draw(context) }
        let fresh = try drawing(64, 48) { context, _ in last.draw(context) }
        #expect(tiles.samePixels(reused, fresh))
    }

    // MARK: - FastImage itself, on Cairo surfaces

    /// A `width`×`height` premultiplied image with a transparent 1-pixel border and a varied inside.
    func makeImage(_ width: Int, _ height: Int, opaqueBorder: Bool = false) throws -> OpaquePointer {
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
        let data = try #require(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            for x in 0..<width {
                let inside = x > 0 && y > 0 && x < width - 1 && y < height - 1
                let a = UInt32(inside || opaqueBorder ? 255 - (x * 37 + y * 11) % 160 : 0)
                let r = a * UInt32((x * 53) % 256) / 255, g = a * UInt32((y * 91) % 256) / 255, b = a / 2
                data.withMemoryRebound(to: UInt32.self, capacity: height * stride / 4) {
                    $0[y * stride / 4 + x] = a << 24 | r << 16 | g << 8 | b
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    func makeTarget(_ width: Int, _ height: Int, format: cairo_format_t = CAIRO_FORMAT_ARGB32) throws -> OpaquePointer {
        let surface = try #require(cairo_image_surface_create(format, Int32(width), Int32(height)))
        let cr = try #require(cairo_create(surface))
        cairo_set_source_rgba(cr, 0.2, 0.5, 0.9, 0.7)
        cairo_paint(cr)
        cairo_destroy(cr)
        return surface
    }

    /// The surface's bytes.
    func bytes(_ surface: OpaquePointer) -> [UInt8] {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(surface))
                                         * Int(cairo_image_surface_get_height(surface))))
    }

    /// Cairo's paint of `image` under `m` (image pixels to device) with `opacity`.
    func cairoPaint(_ image: OpaquePointer, _ m: cairo_matrix_t, _ opacity: Double, onto target: OpaquePointer) {
        guard let cr = cairo_create(target), let pattern = cairo_pattern_create_for_surface(image) else { return }
        var inverse = m
        cairo_matrix_invert(&inverse)
        cairo_pattern_set_matrix(pattern, &inverse)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
        cairo_set_source(cr, pattern)
        cairo_paint_with_alpha(cr, opacity)
        cairo_pattern_destroy(pattern)
        cairo_destroy(cr)
    }

    /// Images of several sizes under random similarity, shear and strong up- and downscaling, partly
    /// off the target, drawn by both; the returned rectangle must also hold every changed pixel.
    @Test func paintsWhatCairoPaintsUnderGeneralTransforms() throws {
        var rng = Random(state: 21)
        var worst = 0
        for i in 0..<120 {
            let image = try makeImage(Int.random(in: 3...30, using: &rng), Int.random(in: 3...30, using: &rng))
            defer { cairo_surface_destroy(image) }
            let angle = Double.random(in: 0..<(2 * .pi), using: &rng)
            let sx = [0.3, 0.7, 1, 1.6, 4][i % 5] * Double.random(in: 0.8...1.2, using: &rng)
            let sy = [1, 0.5, 2.5, 1, 0.9][i % 5] * (i % 7 == 0 ? -1 : 1)
            let shear = i % 3 == 0 ? Double.random(in: -0.5...0.5, using: &rng) : 0
            let m = cairo_matrix_t(xx: cos(angle) * sx, yx: sin(angle) * sx, xy: -sin(angle) * sy + shear,
                                   yy: cos(angle) * sy, x0: Double.random(in: -10...50, using: &rng),
                                   y0: Double.random(in: -10...40, using: &rng))
            let opacity = i % 4 == 0 ? 1 : Double.random(in: 0.02...1, using: &rng)
            let fast = try makeTarget(48, 40), cairo = try makeTarget(48, 40)
            defer { cairo_surface_destroy(fast); cairo_surface_destroy(cairo) }
            let before = bytes(fast)
            let source = try #require(FastImage.Source(image))
            let drawn = try #require(FastImage.paint(source, imageToDevice: m, opacity: opacity, target: fast))
            cairoPaint(image, m, opacity, onto: cairo)
            let a = bytes(fast), b = bytes(cairo)
            let stride = Int(cairo_image_surface_get_stride(fast))
            for index in a.indices {
                worst = max(worst, abs(Int(a[index]) - Int(b[index])))
                let x = (index % stride) / 4, y = index / stride
                if a[index] != before[index] {
                    #expect(x >= drawn.x && x < drawn.x + drawn.width && y >= drawn.y && y < drawn.y + drawn.height,
                            "case \(i): pixel (\(x), \(y)) changed outside \(drawn)")
                }
            }
            #expect(worst <= Self.tolerance, "case \(i): \(m), opacity \(opacity)")
            if worst > Self.tolerance { return }
        }
    }

    @Test func declinesWhatItCannotDraw() throws {
        let image = try makeImage(12, 10), opaque = try makeImage(12, 10, opaqueBorder: true)
        let argb = try makeTarget(40, 30), alphaOnly = try makeTarget(40, 30, format: CAIRO_FORMAT_A8)
        defer { [image, opaque, argb, alphaOnly].forEach { cairo_surface_destroy($0) } }
        let m = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 5.5, y0: 4.25)
        #expect(FastImage.Source(opaque) == nil)
        #expect(FastImage.Source(alphaOnly) == nil)
        let source = try #require(FastImage.Source(image))
        #expect(FastImage.paint(source, imageToDevice: m, opacity: 1, target: alphaOnly) == nil)
        #expect(FastImage.paint(source, imageToDevice: m, opacity: .nan, target: argb) == nil)
        var nan = m
        nan.xx = .nan
        #expect(FastImage.paint(source, imageToDevice: nan, opacity: 1, target: argb) == nil)
        var tiny = m
        tiny.xx = 1e-4
        #expect(FastImage.paint(source, imageToDevice: tiny, opacity: 1, target: argb) == nil)
        var stretched = m
        stretched.xx = 1e232  // found by the FastFillVsCairo fuzzer: pixman samples another column
        #expect(FastImage.paint(source, imageToDevice: stretched, opacity: 1, target: argb) == nil)
        #expect(FastImage.paint(source, imageToDevice: m, opacity: 1, target: argb) != nil)
    }

    /// A zero scale, a zero opacity or a translation far off the target draw nothing, and say so.
    @Test func degenerateTransformsDrawNothing() throws {
        let image = try makeImage(12, 10)
        let target = try makeTarget(40, 30)
        defer { cairo_surface_destroy(image); cairo_surface_destroy(target) }
        let before = bytes(target)
        let source = try #require(FastImage.Source(image))
        let transforms = [
            cairo_matrix_t(xx: 0, yx: 0, xy: 0, yy: 1, x0: 5, y0: 5),
            cairo_matrix_t(xx: 0, yx: 0, xy: 0, yy: 0, x0: 5, y0: 5),
            cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 1e300, y0: 5),
            cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: -4e9, y0: 3e12),
            cairo_matrix_t(xx: 1e200, yx: 0, xy: 0, yy: 1e200, x0: 5, y0: 5),
        ]
        for m in transforms {
            let drawn = FastImage.paint(source, imageToDevice: m, opacity: 1, target: target)
            #expect(drawn.map { $0.width == 0 || $0.height == 0 } ?? true, "\(m)")
        }
        let clear = FastImage.paint(source, imageToDevice: cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 5, y0: 5),
                                    opacity: 0.001, target: target)
        #expect(clear.map { $0.width == 0 } == true)
        #expect(bytes(target) == before)
    }
}

/// Inputs the FastFillVsCairo fuzzer found where the image fast path and Cairo's paint disagreed.
@Suite("Symbols the fuzzer found")
struct FastImageFuzzFindings {
    /// An emoji squashed about 50 times along one axis and stretched 14 times along the other, at
    /// opacity 0.6 (a confetti piece edge-on during its flip, under a skewing transform): the fast path
    /// drew two pixels of it where Cairo drew none, 151 levels apart. Samples more than
    /// ``FastImage/largestStep`` image pixels apart now go to Cairo.
    @Test func edgeOnEmojiUnderASkew() throws {
        func frame(fast: Bool) throws -> Bitmap {
            var bitmap = try Bitmap(width: 24, height: 20)
            bitmap.draw(background: .white) { context, _ in
                context.allowsFastPaths = fast
                context.concatenate(CGAffineTransform(a: 0.0078125, b: 0.05078125, c: 10.1796875, d: 9.55078125,
                                                      tx: -15.19140625, ty: 7.301375159896399e-302))
                context.opacity = 0.6
                context.draw(TextSymbol("🎉"), height: 15, widthScale: 0.35, color: .red)
            }
            return bitmap
        }
        let fast = try frame(fast: true), cairo = try frame(fast: false)
        var worst = 0
        fast.withUnsafeBytes { a, stride in
            cairo.withUnsafeBytes { b, _ in
                for y in 0..<fast.height { for x in 0..<(fast.width * 4) { worst = max(worst, abs(Int(a[y * stride + x]) - Int(b[y * stride + x]))) } }
            }
        }
        #expect(worst <= FastImageTests.tolerance)
    }
}
