import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// A bar blurred so far that its group covers the whole page.
struct BlurredBar: Scene {
    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        var blurred = context
        blurred.addFilter(.blur(radius: 12))
        blurred.fill(Path(CGRect(x: 10, y: 10, width: size.width - 20, height: size.height - 20)), with: .color(.blue))
    }
}

@Suite("Vector stills rasterize at the timeline's scale")
struct VectorStillScaleTests {
    @Test(arguments: [1, 3]) func aPDFStillsBlurHasThePNGStillsPixels(scale: Int) throws {
        let directory = try TemporaryDirectory("still-scale")
        let timeline = try Timeline(size: CGSize(width: 60, height: 40), scale: CGFloat(scale), fps: 30, duration: 1,
                                    layers: [Timeline.Layer(BlurredBar())])
        try renderStill(timeline, at: 0, to: directory.file("still.png"))
        try renderStill(timeline, at: 0, to: directory.file("still.pdf"))
        let png = try Bitmap(contentsOfPNG: directory.file("still.png"))
        #expect(png.width == timeline.pixelWidth)
        #expect(png.height == timeline.pixelHeight)
        let pdf = String(decoding: try Data(contentsOf: directory.file("still.pdf")), as: UTF8.self)
        let images = pdf.components(separatedBy: "endobj").filter { $0.contains("/Subtype /Image") }
        #expect(!images.isEmpty)
        for image in images {
            #expect(image.contains("/Width \(png.width)\n") && image.contains("/Height \(png.height)\n"), "\(image.prefix(300))")
        }
    }
}
