import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Symbols")
struct SymbolTests {
    static let star: Path = {
        var path = Path()
        for i in 0..<10 {
            let r: CGFloat = i % 2 == 0 ? 10 : 4
            let a = CGFloat(i) * .pi / 5 - .pi / 2
            let p = CGPoint(x: 10 + r * cos(a), y: 10 + r * sin(a))
            if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        return path
    }()

    static var symbols: [AnyHashable: Symbol] { [
        "star": .shape(star, fill: .color(.orange), frame: CGSize(width: 20, height: 20)),
        "label": .text(Text("Flip").font(.system(size: 18, weight: .bold))),
        1: .shape(Path(ellipseIn: CGRect(x: 0, y: 0, width: 12, height: 12)), frame: CGSize(width: 12, height: 12)),
    ] }

    /// The same picture drawn with symbols and drawn directly must agree within the reference tolerance.
    private func expectSame(scale: CGFloat, scheme: ColorScheme = .light,
                            viaSymbols: (inout GraphicsContext) -> Void, direct: (inout GraphicsContext) -> Void,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let environment = EnvironmentValues(colorScheme: scheme)
        var symbolic = try Bitmap(width: Int(200 * scale), height: Int(100 * scale))
        symbolic.draw(scale: scale, background: .clear, environment: environment, symbols: Self.symbols) { context, _ in
            viaSymbols(&context)
        }
        var plain = try Bitmap(width: Int(200 * scale), height: Int(100 * scale))
        plain.draw(scale: scale, background: .clear, environment: environment) { context, _ in direct(&context) }
        #expect(symbolic.drawingIssue == nil && plain.drawingIssue == nil, sourceLocation: sourceLocation)
        let difference = try #require(compareImages(symbolic, plain))
        #expect(difference.isWithinTolerance,
                "max \(difference.maximum), \(difference.pixelsBeyondStrict) beyond 2, \(difference.pixelsBeyondLoose) beyond 32",
                sourceLocation: sourceLocation)
        let (inked, _) = inkedAndColoured(symbolic) { $0.opacity > 0 }
        #expect(inked > 100, sourceLocation: sourceLocation)
    }

    @Test(arguments: [1.0, 2.0])
    func shapeSymbolsDrawWhatTheShapeDraws(scale: Double) throws {
        let points = [CGPoint(x: 20, y: 20), CGPoint(x: 57, y: 31), CGPoint(x: 120, y: 70)]
        try expectSame(scale: scale, viaSymbols: { context in
            guard let star = context.resolveSymbol(id: "star") else { return }
            for p in points { context.draw(star, at: p) }
        }, direct: { context in
            for p in points {
                context.fill(Self.star.offsetBy(dx: p.x - 10, dy: p.y - 10), with: .color(.orange))
            }
        })
    }

    @Test func textSymbolsDrawWhatTheTextDraws() throws {
        let text = Text("Flip").font(.system(size: 18, weight: .bold))
        try expectSame(scale: 1, scheme: .dark, viaSymbols: { context in
            guard let label = context.resolveSymbol(id: "label") else { return }
            context.draw(label, at: CGPoint(x: 10, y: 10), anchor: .topLeading)
            context.draw(label, at: CGPoint(x: 100, y: 50), anchor: .topLeading)
        }, direct: { context in
            context.draw(text, at: CGPoint(x: 10, y: 10), anchor: .topLeading)
            context.draw(text, at: CGPoint(x: 100, y: 50), anchor: .topLeading)
        })
    }

    @Test func aSymbolWithTheForegroundIsPrimaryInTheScheme() throws {
        try expectSame(scale: 1, scheme: .dark, viaSymbols: { context in
            guard let dot = context.resolveSymbol(id: 1) else { return }
            context.draw(dot, in: CGRect(x: 30, y: 30, width: 12, height: 12))
        }, direct: { context in
            context.fill(Path(ellipseIn: CGRect(x: 30, y: 30, width: 12, height: 12)), with: .color(.white))
        })
    }

    @Test func sizesAndUnknownIDs() throws {
        var bitmap = try Bitmap(width: 10, height: 10)
        let text = Text("Flip").font(.system(size: 18, weight: .bold))
        bitmap.draw(symbols: Self.symbols) { context, _ in
            #expect(context.resolveSymbol(id: "star")?.size == CGSize(width: 20, height: 20))
            #expect(context.resolveSymbol(id: "label")?.size == context.resolve(text).measure(in: CGSize(width: 1000, height: 1000)))
            #expect(context.resolveSymbol(id: "nothing") == nil)
            #expect(context.resolveSymbol(id: 2) == nil)
        }
        var plain = try Bitmap(width: 10, height: 10)
        plain.draw { context, _ in #expect(context.resolveSymbol(id: "star") == nil) }
    }

    @Test func aStretchedSymbolIsScaledAndTransformed() throws {
        // Drawn into a rectangle twice its size, rotated: it still lands where the shape does, within
        // the resampling's error (the symbol is rasterised once, at the context's scale).
        var bitmap = try Bitmap(width: 100, height: 100)
        bitmap.draw(background: .clear, symbols: Self.symbols) { context, _ in
            guard let dot = context.resolveSymbol(id: 1) else { return }
            context.translateBy(x: 50, y: 50)
            context.rotate(by: .degrees(30))
            context.draw(dot, in: CGRect(x: -12, y: -12, width: 24, height: 24))
        }
        #expect(bytes(bitmap.pixel(x: 50, y: 50)) == [0, 0, 0, 255])
        // The circle's edge is 12 points above the centre, blurred by a pixel of the raster stretched 2×.
        #expect(bitmap.pixel(x: 50, y: 34).opacity == 0)
        #expect(bitmap.pixel(x: 50, y: 41).opacity == 1)
    }

    @Test func imageSymbolsDrawWhatTheImageDraws() throws {
        var picture = try Bitmap(width: 16, height: 12)
        picture.draw(background: .clear) { context, _ in
            context.fill(Path(ellipseIn: CGRect(x: 1, y: 1, width: 14, height: 10)), with: .color(.teal))
            context.fill(Path(CGRect(x: 6, y: 3, width: 4, height: 6)), with: .color(.pink))
        }
        let image = Image(bitmap: picture)
        var symbolic = try Bitmap(width: 60, height: 40)
        symbolic.draw(background: .clear, symbols: ["picture": .image(image)]) { context, _ in
            guard let symbol = context.resolveSymbol(id: "picture") else { return }
            #expect(symbol.size == CGSize(width: 16, height: 12))
            context.draw(symbol, at: CGPoint(x: 10, y: 8), anchor: .topLeading)
            context.draw(symbol, at: CGPoint(x: 40, y: 20))
        }
        var plain = try Bitmap(width: 60, height: 40)
        plain.draw(background: .clear) { context, _ in
            context.draw(image, at: CGPoint(x: 10, y: 8), anchor: .topLeading)
            context.draw(image, at: CGPoint(x: 40, y: 20))
        }
        let difference = try #require(compareImages(symbolic, plain))
        #expect(difference.isWithinTolerance && difference.maximum <= 2, "max \(difference.maximum)")
        #expect(symbolic.pixel(x: 18, y: 14) == plain.pixel(x: 18, y: 14))
        #expect(bytes(symbolic.pixel(x: 18, y: 14)) == bytes(.pink))
    }

    @Test func aShapeStyleOfAnotherTypePaintsNothing() throws {
        struct Plaid: ShapeStyle {}
        let bitmap = try drawing(4, 4) { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .style(Plaid()))
        }
        #expect(bitmap.pixel(x: 1, y: 1) == .white)
    }
}

/// In a PDF or SVG a symbol is drawn as vectors: each copy is the symbol's own path, not an image.
@Suite("Symbols in vector stills")
struct VectorSymbolTests {
    @Test func anSVGDrawsEachCopyAsThePathItself() throws {
        let scratch = try TemporaryDirectory("symbols")
        let url = scratch.url.appendingPathComponent("stars.svg")
        try Bitmap.writeVector(to: url, format: .svg, size: CGSize(width: 200, height: 100), rasterScale: 2,
                               environment: EnvironmentValues(), symbols: SymbolTests.symbols) { context, _ in
            guard let star = context.resolveSymbol(id: "star") else { return }
            #expect(star.size == CGSize(width: 20, height: 20))
            for x in [20.0, 90.0, 160.0] { context.draw(star, at: CGPoint(x: x, y: 50)) }
            // Stretched to twice its size: the path is scaled, still a path.
            context.draw(star, in: CGRect(x: 60, y: 0, width: 40, height: 40))
        }
        let svg = try String(contentsOf: url, encoding: .utf8)
        #expect(!svg.contains("<image"), "a symbol in an SVG became an image")
        // The star's ten-point outline, once per copy, in the symbol's orange (Color.orange is #FF9500).
        let outlines = svg.components(separatedBy: "<path").dropFirst()
            .filter { $0.contains("rgb(100%, 58.431373%, 0%)") || $0.contains("rgb(100%,58.431373%,0%)") }
        #expect(outlines.count == 4, "\(svg)")
    }
}
