import FlipbookDrawing
@testable import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// Drawing marks the tiles (16×16 pixels) it may change, so that the next clear repaints (and the video
/// converter converts) only those. A missed mark would leave stale pixels in a later frame, so every
/// kind of drawing is checked: nothing outside the marked tiles may differ from the clear colour,
/// and a bitmap reused for another picture must equal a fresh one, byte for byte.
@Suite("Dirty tiles: drawing marks every pixel it changes")
struct DirtyTileTests {
    typealias Operation = @Sendable (inout GraphicsContext, CGPoint) -> Void

    /// One of each kind of drawing, placed with its top left near the given point.
    static let operations: [(String, Operation)] = {
        var list: [(String, Operation)] = [
            ("small fill (fast path)", { ctx, o in
                var c = ctx
                c.translateBy(x: o.x + 12, y: o.y + 8)
                c.rotate(by: .degrees(30))
                c.fill(Path(CGRect(x: -9, y: -4, width: 18, height: 8)), with: .color(.red.opacity(0.7)))
            }),
            ("large fill (Cairo)", { ctx, o in
                ctx.fill(Path(ellipseIn: CGRect(x: o.x, y: o.y, width: 150, height: 90)), with: .color(.blue))
            }),
            ("miter stroke with a long spike", { ctx, o in
                var p = Path()
                p.move(to: CGPoint(x: o.x, y: o.y + 40))
                p.addLine(to: CGPoint(x: o.x + 60, y: o.y + 44))
                p.addLine(to: CGPoint(x: o.x, y: o.y + 48))
                ctx.stroke(p, with: .color(.green), style: StrokeStyle(lineWidth: 6, lineJoin: .miter, miterLimit: 10))
            }),
            ("square-capped line", { ctx, o in
                var p = Path()
                p.move(to: CGPoint(x: o.x + 5, y: o.y + 5))
                p.addLine(to: CGPoint(x: o.x + 40, y: o.y + 30))
                ctx.stroke(p, with: .color(.purple), style: StrokeStyle(lineWidth: 9, lineCap: .square))
            }),
            ("dashed circle", { ctx, o in
                ctx.stroke(Path(ellipseIn: CGRect(x: o.x, y: o.y, width: 50, height: 50)), with: .color(.orange),
                           style: StrokeStyle(lineWidth: 3, dash: [6, 4]))
            }),
            ("ring (fast path)", { ctx, o in
                ctx.stroke(Path(ellipseIn: CGRect(x: o.x, y: o.y, width: 70, height: 70)),
                           with: .color(.teal.opacity(0.8)), lineWidth: 3)
            }),
            ("huge ring mostly off the canvas", { ctx, o in
                ctx.stroke(Path(ellipseIn: CGRect(x: o.x - 400, y: o.y - 400, width: 800, height: 800)),
                           with: .color(.indigo), lineWidth: 5)
            }),
            ("linear gradient", { ctx, o in
                let g = Gradient(colors: [.red, .yellow.opacity(0.3)])
                ctx.fill(Path(roundedRect: CGRect(x: o.x, y: o.y, width: 60, height: 40), cornerRadius: 8),
                         with: .linearGradient(g, startPoint: CGPoint(x: o.x, y: o.y),
                                               endPoint: CGPoint(x: o.x + 60, y: o.y + 40)))
            }),
            ("radial gradient, repeating", { ctx, o in
                let g = Gradient(colors: [.blue, .white])
                ctx.fill(Path(ellipseIn: CGRect(x: o.x, y: o.y, width: 60, height: 60)),
                         with: .radialGradient(g, center: CGPoint(x: o.x + 30, y: o.y + 30), startRadius: 0,
                                               endRadius: 9, options: .repeat))
            }),
            ("conic gradient", { ctx, o in
                let g = Gradient(colors: [.red, .green, .blue, .red])
                ctx.fill(Path(CGRect(x: o.x, y: o.y, width: 50, height: 40)),
                         with: .conicGradient(g, center: CGPoint(x: o.x + 25, y: o.y + 20)))
            }),
            ("image, rotated", { ctx, o in
                guard var image = try? Bitmap(width: 12, height: 8) else { return }
                image.draw { c, size in
                    c.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.pink))
                    c.fill(Path(CGRect(x: 0, y: 0, width: 6, height: 4)), with: .color(.black))
                }
                var c = ctx
                c.translateBy(x: o.x + 20, y: o.y + 20)
                c.rotate(by: .degrees(20))
                c.draw(image, in: CGRect(x: -18, y: -12, width: 36, height: 24))
            }),
            ("layer at half opacity", { ctx, o in
                var c = ctx
                c.opacity = 0.5
                c.drawLayer { layer in
                    layer.fill(Path(ellipseIn: CGRect(x: o.x, y: o.y, width: 30, height: 30)), with: .color(.blue))
                    layer.fill(Path(ellipseIn: CGRect(x: o.x + 15, y: o.y + 10, width: 30, height: 30)),
                               with: .color(.red))
                }
            }),
            ("clip to an ellipse", { ctx, o in
                var c = ctx
                c.clip(to: Path(ellipseIn: CGRect(x: o.x, y: o.y, width: 50, height: 30)))
                c.fill(Path(CGRect(x: o.x - 20, y: o.y - 20, width: 200, height: 200)), with: .color(.brown))
            }),
            ("inverse clip", { ctx, o in
                var c = ctx
                c.clip(to: Path(ellipseIn: CGRect(x: o.x + 10, y: o.y + 10, width: 20, height: 20)), options: .inverse)
                c.fill(Path(CGRect(x: o.x, y: o.y, width: 40, height: 40)), with: .color(.cyan))
            }),
            ("even-odd star, not anti-aliased", { ctx, o in
                let star = Path { p in
                    for i in 0..<5 {
                        let angle = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
                        let point = CGPoint(x: o.x + 25 + 24 * cos(angle), y: o.y + 25 + 24 * sin(angle))
                        if i == 0 { p.move(to: point) } else { p.addLine(to: point) }
                    }
                    p.closeSubpath()
                }
                ctx.fill(star, with: .color(.mint), style: FillStyle(eoFill: true, antialiased: false))
            }),
        ]
        // Filters spread drawing beyond its shape (blur, shadow) or over the whole clip (a colour
        // matrix that colours transparency, an inverted shadow, a projection).
        let filtered: [(String, Operation)] = [
            ("blurred square", { ctx, o in
                var c = ctx
                c.addFilter(.blur(radius: 4))
                c.fill(Path(CGRect(x: o.x, y: o.y, width: 20, height: 14)), with: .color(.red))
            }),
            ("shadow far off its shape", { ctx, o in
                var c = ctx
                c.addFilter(.shadow(color: .black, radius: 3, x: 25, y: 18))
                c.fill(Path(ellipseIn: CGRect(x: o.x, y: o.y, width: 16, height: 16)), with: .color(.blue))
            }),
            ("inner shadow (inverted alpha)", { ctx, o in
                var c = ctx
                c.addFilter(.shadow(color: .black, radius: 2, x: 3, y: 3, blendMode: .sourceAtop,
                                    options: [.invertsAlpha, .shadowAbove]))
                c.fill(Path(CGRect(x: o.x, y: o.y, width: 30, height: 20)), with: .color(.yellow))
            }),
            ("colour matrix that colours transparency, clipped", { ctx, o in
                var c = ctx
                c.clip(to: Path(ellipseIn: CGRect(x: o.x, y: o.y, width: 60, height: 40)))
                var m = ColorMatrix()
                m.a5 = 0.4
                c.addFilter(.colorMatrix(m))
                c.fill(Path(CGRect(x: o.x + 5, y: o.y + 5, width: 8, height: 8)), with: .color(.green))
            }),
            ("projection transform", { ctx, o in
                var c = ctx
                var p = ProjectionTransform(CGAffineTransform(translationX: 30, y: 5))
                p.m13 = 0.001
                c.addFilter(.projectionTransform(p))
                c.fill(Path(CGRect(x: o.x, y: o.y, width: 12, height: 12)), with: .color(.purple))
            }),
            ("blurred layer, copy blend mode", { ctx, o in
                var c = ctx
                c.blendMode = .copy
                c.addFilter(.blur(radius: 2))
                c.drawLayer { layer in
                    layer.fill(Path(CGRect(x: o.x, y: o.y, width: 14, height: 14)), with: .color(.orange))
                }
            }),
            ("clip to a blurred layer", { ctx, o in
                var c = ctx
                c.clipToLayer(opacity: 0.8) { mask in
                    mask.addFilter(.blur(radius: 3))
                    mask.fill(Path(ellipseIn: CGRect(x: o.x, y: o.y, width: 30, height: 30)), with: .color(.black))
                }
                c.fill(Path(CGRect(x: o.x - 10, y: o.y - 10, width: 60, height: 60)), with: .color(.red))
            }),
        ]
        list += filtered
        // Every blend mode, over something already drawn in the same place.
        for raw in Int32(0)...27 {
            list.append(("blend mode \(raw)", { ctx, o in
                ctx.fill(Path(CGRect(x: o.x, y: o.y + 8, width: 44, height: 10)), with: .color(.yellow))
                var c = ctx
                c.blendMode = GraphicsContext.BlendMode(rawValue: raw)
                c.opacity = raw % 2 == 0 ? 1 : 0.6
                c.fill(Path(ellipseIn: CGRect(x: o.x + 4, y: o.y, width: 30, height: 26)),
                       with: .color(Color.blue.opacity(0.8)))
            }))
        }
        return list
    }()

    /// Where each operation is tried: inside, across tile edges, and hanging off every side.
    static let origins = [
        CGPoint(x: 10, y: 10), CGPoint(x: 77, y: 45), CGPoint(x: 170, y: 112), CGPoint(x: -25, y: -15),
        CGPoint(x: 150, y: -20), CGPoint(x: -10, y: 100),
    ]
    static let width = 200, height = 136

    @Test(.slow("every drawing operation at six places and two scales, each frame checked pixel by pixel"))
    func drawingNeverChangesAPixelOutsideItsMarkedTiles() throws {
        for scale in [1.0, 2.0] {
            let (w, h) = (Int(Double(Self.width) * scale), Int(Double(Self.height) * scale))
            for (name, operation) in Self.operations {
                for origin in Self.origins {
                    var bitmap = try Bitmap(width: w, height: h)
                    bitmap.draw(scale: scale, background: .white) { ctx, _ in operation(&ctx, origin) }
                    #expect(bitmap.drawingIssue == nil, "\(name)")
                    let label = "\(name) at \(origin), scale \(scale)"
                    try #require(unmarkedPixelsAreClear(bitmap, label))
                }
            }
        }
    }

    @Test func aReusedBitmapEqualsAFreshOne() throws {
        let after: Operation = { ctx, o in
            ctx.fill(Path(CGRect(x: o.x, y: o.y, width: 10, height: 10)), with: .color(.black))
        }
        for (name, operation) in Self.operations {
            var reused = try Bitmap(width: Self.width, height: Self.height)
            for origin in Self.origins {
                reused.draw(background: .white) { ctx, _ in operation(&ctx, origin) }
            }
            // Only the tiles drawn into since the last clear get repainted by this clear.
            reused.draw(background: .white) { ctx, _ in after(&ctx, CGPoint(x: 100, y: 60)) }
            var fresh = try Bitmap(width: Self.width, height: Self.height)
            fresh.draw(background: .white) { ctx, _ in after(&ctx, CGPoint(x: 100, y: 60)) }
            try #require(samePixels(reused, fresh), "after \(name)")
        }
    }

    @Test func drawingWithoutClearingAccumulatesMarks() throws {
        var bitmap = try Bitmap(width: Self.width, height: Self.height)
        bitmap.draw(background: .white) { ctx, _ in
            ctx.fill(Path(CGRect(x: 5, y: 5, width: 10, height: 10)), with: .color(.red))
        }
        bitmap.draw { ctx, _ in
            ctx.fill(Path(CGRect(x: 150, y: 100, width: 10, height: 10)), with: .color(.blue))
        }
        let t = DirtyTiles.size
        #expect(bitmap.dirtyTiles.contains(column: 5 / t, row: 5 / t))
        #expect(bitmap.dirtyTiles.contains(column: 150 / t, row: 100 / t))
        #expect(!bitmap.dirtyTiles.contains(column: 80 / t, row: 50 / t))
        #expect(unmarkedPixelsAreClear(bitmap, "two draws"))
        bitmap.draw(background: .white) { _, _ in }
        #expect(bitmap.dirtyTiles.isEmpty)
        var white = try Bitmap(width: Self.width, height: Self.height)
        white.draw(background: .white) { _, _ in }
        #expect(samePixels(bitmap, white))
    }

    @Test func aNewClearColourRepaintsEverything() throws {
        var bitmap = try Bitmap(width: 70, height: 40)
        #expect(bitmap.clearPixel == 0)
        bitmap.draw(background: .white) { ctx, _ in
            ctx.fill(Path(CGRect(x: 5, y: 5, width: 10, height: 10)), with: .color(.red))
        }
        #expect(bitmap.clearPixel == 0xFFFF_FFFF)
        let halfRed = Color.red.opacity(0.5)
        bitmap.draw(background: halfRed) { _, _ in }
        var fresh = try Bitmap(width: 70, height: 40)
        fresh.draw(background: halfRed) { _, _ in }
        #expect(samePixels(bitmap, fresh))
        #expect(bitmap.clearPixel == fresh.pixelWord(x: 69, y: 39))
    }

    @Test func pixelsWrittenDirectlyAreNotTrusted() throws {
        var bitmap = try Bitmap(width: 40, height: 40)
        bitmap.draw(background: .white) { _, _ in }
        try bitmap.withUnsafeMutableBytes { bytes, stride in
            bytes.storeBytes(of: UInt32(0xFF00_0000), toByteOffset: 20 * stride + 4 * 20, as: UInt32.self)
        }
        #expect(bitmap.clearPixel == nil)
        bitmap.draw(background: .white) { _, _ in }
        #expect(bitmap.pixel(x: 20, y: 20) == Color(red: 1, green: 1, blue: 1))
        #expect(bitmap.clearPixel == 0xFFFF_FFFF)
    }

    @Test func copiesKeepTheirOwnMarks() throws {
        var original = try Bitmap(width: 64, height: 64)
        original.draw(background: .white) { _, _ in }
        var copy = original
        copy.draw { ctx, _ in ctx.fill(Path(CGRect(x: 40, y: 40, width: 4, height: 4)), with: .color(.red)) }
        #expect(original.dirtyTiles.isEmpty)
        #expect(copy.dirtyTiles.contains(column: 41 / DirtyTiles.size, row: 41 / DirtyTiles.size))
        #expect(original.pixel(x: 41, y: 41) == Color(red: 1, green: 1, blue: 1))
    }

    // MARK: - Helpers

    /// Whether every pixel outside the marked tiles holds the clear value; records the first that
    /// does not.
    func unmarkedPixelsAreClear(_ bitmap: Bitmap, _ label: String) -> Bool {
        guard let clear = bitmap.clearPixel else {
            Issue.record("\(label): the clear value is unknown")
            return false
        }
        let tiles = bitmap.dirtyTiles
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where !tiles.contains(column: x / DirtyTiles.size, row: y / DirtyTiles.size) {
                let word = bitmap.pixelWord(x: x, y: y)
                if word != clear {
                    Issue.record("\(label): pixel (\(x), \(y)) is \(String(word, radix: 16)) outside the marked tiles")
                    return false
                }
            }
        }
        return true
    }

    func samePixels(_ a: Bitmap, _ b: Bitmap) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixelWord(x: x, y: y) != b.pixelWord(x: x, y: y) {
                let mine = String(a.pixelWord(x: x, y: y), radix: 16), theirs = String(b.pixelWord(x: x, y: y), radix: 16)
                Issue.record("pixel (\(x), \(y)) differs: \(mine) against \(theirs)")
                return false
            }
        }
        return true
    }
}

extension Bitmap {
    /// The raw premultiplied ARGB word of one pixel.
    func pixelWord(x: Int, y: Int) -> UInt32 {
        withUnsafeBytes { bytes, stride in bytes.load(fromByteOffset: y * stride + 4 * x, as: UInt32.self) }
    }
}
