@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// Draws `layers` at `time` on a `size` canvas (1 pixel per point) over `background`.
func renderLayers(_ layers: [Timeline.Layer], at time: TimeInterval = 0, size: CGSize = CGSize(width: 120, height: 80),
                  background: Color? = .white) throws -> Bitmap {
    let timeline = try Timeline(size: size, fps: 10, duration: 10, background: background, layers: layers)
    var bitmap = try timeline.makeBitmap()
    timeline.draw(at: time, into: &bitmap)
    #expect(bitmap.drawingIssue == nil)
    return bitmap
}

/// Draws `body` straight onto a canvas of `size` over `background`: the reference a layer is compared with.
func renderReference(size: CGSize = CGSize(width: 120, height: 80), background: Color? = .white,
                     _ body: (inout CairoCanvas) -> Void) throws -> Bitmap {
    var bitmap = try Bitmap(width: Int(size.width), height: Int(size.height))
    bitmap.draw(scale: 1, background: background ?? .clear) { context, _ in body(&context) }
    #expect(bitmap.drawingIssue == nil)
    return bitmap
}

/// The peak signal-to-noise ratio of `a` against `b` over every premultiplied channel, in dB
/// (infinity when they are the same).
func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
    let x = pixelBytes(a), y = pixelBytes(b)
    guard x.count == y.count, !x.isEmpty else { return 0 }
    var sum = 0.0
    for i in x.indices {
        let d = Double(x[i]) - Double(y[i])
        sum += d * d
    }
    guard sum > 0 else { return .infinity }
    return 10 * log10(255 * 255 / (sum / Double(x.count)))
}

/// A scene file decoded from `json` as though it were `Fixtures/Images/test.json`, so relative image
/// paths find the image fixtures.
func imageScene(_ json: String) throws -> SceneFile {
    var file = try SceneFile.decode(Data(json.utf8), source: "test.json")
    file.baseDirectory = imagesDirectory
    return file
}

/// `Fixtures/Images`.
var imagesDirectory: URL { ReferenceImages.fixturesDirectory.appendingPathComponent("Images") }

/// Whether `color` is within `tolerance` (0...1) of `expected` on each component, alpha too.
func near(_ color: Color, _ expected: Color, _ tolerance: Double = 0.03) -> Bool {
    abs(color.red - expected.red) <= tolerance && abs(color.green - expected.green) <= tolerance
        && abs(color.blue - expected.blue) <= tolerance && abs(color.opacity - expected.opacity) <= tolerance
}

/// A scene that fills its box (the canvas unless boxed) with one colour: a plain scene for placement tests.
struct FillScene: Scene {
    var color: Color
    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(color))
    }
}

/// Red that 8-bit pixels hold exactly, so pixels can be compared with `==`.
let pureRed = Color(red: 1, green: 0, blue: 0)
/// Blue that 8-bit pixels hold exactly.
let pureBlue = Color(red: 0, green: 0, blue: 1)
