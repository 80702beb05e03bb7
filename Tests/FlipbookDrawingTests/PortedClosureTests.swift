import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

// Canvas closures written as apps write them with the API they reach for beyond shapes: an asset
// catalog's images, styled attributed text, fixed-width figures, Japanese, and confetti tumbled with
// Core Animation's 3D transforms. Each compiles as it would in an app (`Canvas { context, size in … }`).

/// A scoreboard: an attributed title, a fixed-width clock and a Japanese cheer.
func scoreboard(context: inout GraphicsContext, size: CGSize) {
    context.fill(Path(roundedRect: CGRect(origin: .zero, size: size).insetBy(dx: 6, dy: 6), cornerRadius: 14),
                 with: .color(.indigo))
    var title = AttributedString("HOME 3 : 1 AWAY")
    title.font = .system(size: 26, weight: .heavy)
    title.foregroundColor = .white
    title.kern = 1.5
    if let home = title.range(of: "HOME") {
        title[home].foregroundColor = .yellow
        title[home].underlineStyle = Text.LineStyle(color: .orange)
    }
    if let score = title.range(of: "3 : 1") {
        title[score].font = .system(size: 30, weight: .black).monospacedDigit()
    }
    context.draw(Text(title), at: CGPoint(x: size.width / 2, y: 36))
    let seconds = 754
    let clock = Text(String(format: "%02d:%02d", seconds / 60, seconds % 60))
        .font(.system(size: 34, weight: .bold, design: .monospaced))
        .foregroundColor(.mint)
    context.draw(clock, at: CGPoint(x: size.width / 2, y: 84))
    context.draw(Text("ゴール！おめでとう").font(.title2).foregroundColor(.white), at: CGPoint(x: size.width / 2, y: 128))
}

/// Stickers from the app's asset catalog, scattered on a golden-angle spiral.
func stickers(context: inout GraphicsContext, size: CGSize) {
    context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(white: 0.95))
    let dot = context.resolve(Image("Dot"))
    let badge = context.resolve(Image("Badge"))
    var mask = context.resolve(Image("Icons/Mask"))
    mask.shading = .color(.pink)
    for index in 0..<24 {
        let angle = Angle.degrees(Double(index) * 137.5)
        let distance = 10 + 5 * Double(index)
        let point = CGPoint(x: size.width / 2 + distance * cos(angle.radians), y: size.height / 2 + distance * sin(angle.radians))
        switch index % 3 {
        case 0: context.draw(dot, at: point)
        case 1: context.draw(badge, at: point)
        default: context.draw(mask, in: CGRect(x: point.x - 8, y: point.y - 8, width: 16, height: 16))
        }
    }
}

/// Confetti pieces tumbling about their own axes, as a particle library turns them with
/// `CATransform3D`: a flip with no perspective (affine), and turns with perspective.
func tumblingConfetti(context: inout GraphicsContext, size: CGSize) {
    let colors: [Color] = [.red, .orange, .yellow, .green, .blue, .purple]
    for index in 0..<36 {
        let column = index % 6, row = index / 6
        var piece = context
        piece.translateBy(x: 30 + CGFloat(column) * 52, y: 24 + CGFloat(row) * 40)
        var transform = CATransform3DIdentity
        if row % 2 == 1 { transform.m34 = -1 / 60 }
        let spin = CGFloat(index) * 0.45
        transform = CATransform3DRotate(transform, spin, row % 3 == 0 ? 1 : 0.3, row % 3 == 0 ? 0 : 1, 0.2)
        piece.addFilter(.projectionTransform(ProjectionTransform(transform)))
        piece.fill(Path(roundedRect: CGRect(x: -16, y: -8, width: 32, height: 16), cornerRadius: 3),
                   with: .color(colors[column]))
    }
}

@Suite("Canvas closures using asset images, attributed text, 3D transforms and every script")
struct PortedClosureTests {
    static let catalog = packageFile("Fixtures/Assets/Images.xcassets")

    func draw(_ closure: (inout GraphicsContext, CGSize) -> Void, width: Int, height: Int) throws -> Bitmap {
        var bitmap = try Bitmap(width: width * 2, height: height * 2)
        bitmap.draw(scale: 2, background: .white, environment: EnvironmentValues(assetCatalogs: [Self.catalog])) { context, size in
            closure(&context, size)
        }
        #expect(bitmap.drawingIssue == nil)
        return bitmap
    }

    @Test(.enabled(if: hasNotoSansCJK, "fonts-noto-cjk is not installed (scripts/install-deps.sh installs it for the tests)"))
    func aScoreboardWithAttributedTextAFixedWidthClockAndJapanese() throws {
        let image = try draw(scoreboard, width: 320, height: 150)
        assertMatchesReference(image, named: "ported-scoreboard", directory: "Text")
        // The clock's characters are one width each: "12:34" is as wide as "00:00".
        let a = try GraphicsContextProbe.resolve(Text("12:34").font(.system(size: 34, weight: .bold, design: .monospaced)))
        let b = try GraphicsContextProbe.resolve(Text("00:00").font(.system(size: 34, weight: .bold, design: .monospaced)))
        let unbounded = CGSize(width: CGFloat.infinity, height: .infinity)
        #expect(a.measure(in: unbounded).width == b.measure(in: unbounded).width)
        // "HOME" in yellow, the rest of the title in white.
        #expect(pixels(of: .yellow, in: image, columns: 0..<320, rows: 40..<100) > 200)
    }

    @Test func stickersFromTheAssetCatalogAtTheDrawingsScale() throws {
        let image = try draw(stickers, width: 240, height: 240)
        assertMatchesReference(image, named: "ported-stickers", directory: "Drawing")
        // Drawn at 2x: the blue 2x dots, never the red 1x ones.
        #expect(pixels(of: Color(red: 0, green: 0, blue: 1), in: image, columns: 0..<480) > 500)
        #expect(pixels(of: Color(red: 1, green: 0, blue: 0), in: image, columns: 0..<480) == 0)
    }

    @Test func confettiTumbledWithCATransform3D() throws {
        let image = try draw(tumblingConfetti, width: 320, height: 250)
        assertMatchesReference(image, named: "ported-tumbling-confetti", directory: "Drawing")
    }
}
