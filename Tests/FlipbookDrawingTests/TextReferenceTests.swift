import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Text matches its reference images")
struct TextReferenceTests {
    @Test func everyWeightAndStyle() throws {
        let weights: [(String, Font.Weight)] = [
            ("thin", .thin), ("ultraLight", .ultraLight), ("light", .light), ("regular", .regular),
            ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black),
        ]
        let image = try drawing(320, 250) { context, _ in
            for (row, (name, weight)) in weights.enumerated() {
                context.draw(Text("Flipbook \(name)").font(.system(size: 16, weight: weight)),
                             at: CGPoint(x: 8, y: 4 + CGFloat(row) * 22), anchor: .topLeading)
            }
            context.draw(Text("Italic").font(.system(size: 16)).italic(), at: CGPoint(x: 200, y: 4), anchor: .topLeading)
            context.draw(Text("Bold italic").font(.title3).bold().italic(), at: CGPoint(x: 200, y: 30), anchor: .topLeading)
            context.draw(Text("Headline").font(.headline).foregroundColor(.blue), at: CGPoint(x: 200, y: 60), anchor: .topLeading)
            context.draw(Text("Tracked").font(.body).tracking(4).foregroundStyle(.red),
                         at: CGPoint(x: 200, y: 90), anchor: .topLeading)
        }
        assertMatchesReference(image, named: "weights", directory: "Text")
    }

    @Test func anchorsAroundAPoint() throws {
        let anchors: [UnitPoint] = [.topLeading, .top, .topTrailing, .leading, .center, .trailing,
                                    .bottomLeading, .bottom, .bottomTrailing]
        let image = try drawing(300, 300) { context, _ in
            for (index, anchor) in anchors.enumerated() {
                let point = CGPoint(x: 50 + CGFloat(index % 3) * 100, y: 50 + CGFloat(index / 3) * 100)
                context.fill(Path(ellipseIn: CGRect(x: point.x - 3, y: point.y - 3, width: 6, height: 6)), with: .color(.red))
                let text = context.resolve(Text("Ag").font(.title))
                let size = text.measure(in: CGSize(width: CGFloat.infinity, height: .infinity))
                let box = CGRect(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height,
                                 width: size.width, height: size.height)
                context.stroke(Path(box), with: .color(.green), lineWidth: 1)
                context.draw(text, at: point, anchor: anchor)
            }
        }
        assertMatchesReference(image, named: "anchors", directory: "Text")
    }

    @Test func alignmentWrappingAndTruncation() throws {
        let words = "The quick brown fox jumps over the lazy dog, twice over and back again."
        let image = try drawing(420, 300) { context, _ in
            for (column, alignment) in TextAlignment.allCases.enumerated() {
                let rect = CGRect(x: 8 + CGFloat(column) * 138, y: 8, width: 128, height: 120)
                context.stroke(Path(rect), with: .color(.gray), lineWidth: 1)
                context.draw(Text(words).font(.callout).multilineTextAlignment(alignment), in: rect)
            }
            let modes: [Text.TruncationMode] = [.head, .middle, .tail]
            for (row, mode) in modes.enumerated() {
                let rect = CGRect(x: 8, y: 140 + CGFloat(row) * 30, width: 200, height: 26)
                context.stroke(Path(rect), with: .color(.gray), lineWidth: 1)
                context.draw(Text(words).font(.body).truncationMode(mode), in: rect)
            }
            let limited = CGRect(x: 220, y: 140, width: 190, height: 150)
            context.stroke(Path(limited), with: .color(.gray), lineWidth: 1)
            context.draw(Text(words + " " + words).font(.body).lineLimit(3).foregroundColor(.purple), in: limited)
        }
        assertMatchesReference(image, named: "wrapping", directory: "Text")
    }

    /// Arabic joins and runs right to left; Devanagari forms conjuncts (क्ष, स्त्र) and reorders the
    /// short i's sign (ि) before its consonant.
    @Test func arabicAndDevanagari() throws {
        let image = try drawing(360, 130) { context, size in
            context.draw(Text("مرحبا بالعالم 123").font(.system(size: 28)),
                         at: CGPoint(x: size.width - 10, y: 10), anchor: .topTrailing)
            context.draw(Text("क्षत्रिय स्त्री हिन्दी").font(.system(size: 28)),
                         at: CGPoint(x: 10, y: 70), anchor: .topLeading)
        }
        assertMatchesReference(image, named: "scripts", directory: "Text")
    }

    @Test func colourEmojiKeepTheirColours() throws {
        let image = try drawing(200, 80) { context, _ in
            // A grey foreground: any colour in the result comes from the emoji font.
            context.draw(Text("🎉😀🌈").font(.system(size: 40)).foregroundColor(.gray),
                         at: CGPoint(x: 100, y: 40))
        }
        assertMatchesReference(image, named: "emoji", directory: "Text")
        #expect(saturatedPixels(image) > 500)
    }

    @Test func textThroughClipOpacityAndGradient() throws {
        let image = try drawing(240, 100) { context, size in
            drawStripes(&context, size: size)
            var ctx = context
            ctx.clip(to: Path(ellipseIn: CGRect(x: 20, y: 5, width: 200, height: 90)))
            ctx.opacity = 0.8
            ctx.rotate(by: .degrees(-8))
            let gradient = Gradient(colors: [.red, .blue])
            ctx.draw(Text("Gradient").font(.system(size: 44, weight: .black))
                .foregroundStyle(.linearGradient(gradient, startPoint: CGPoint(x: 20, y: 0), endPoint: CGPoint(x: 220, y: 0))),
                     at: CGPoint(x: 120, y: 60))
        }
        assertMatchesReference(image, named: "clip-opacity-gradient", directory: "Text")
    }
}

/// Pixels whose colour is clearly not grey: HSV saturation above 0.5 and alpha above 0.5.
func saturatedPixels(_ image: Bitmap) -> Int {
    var count = 0
    for y in 0..<image.height {
        for x in 0..<image.width {
            let c = image.pixel(x: x, y: y)
            let high = max(c.red, c.green, c.blue), low = min(c.red, c.green, c.blue)
            if c.opacity > 0.5, high > 0.2, (high - low) / high > 0.5 { count += 1 }
        }
    }
    return count
}
