import Flipbook
import Foundation
import FlipbookTestSupport
import Testing

/// The README's examples, verbatim apart from the output paths, so they keep compiling and working.
@Suite("README examples")
struct ReadmeExampleTests {
    let scratch: TemporaryDirectory
    var directory: URL { scratch.url }

    init() throws {
        scratch = try TemporaryDirectory("readme")
    }

    @Test("the drawing example writes the sunburst PNG")
    func drawAPicture() throws {

        var bitmap = try Bitmap(width: 640, height: 400)
        bitmap.draw(scale: 2, background: .white) { context, size in
            let card = CGRect(x: 20, y: 20, width: size.width - 40, height: size.height - 40)
            context.fill(Path(roundedRect: card, cornerRadius: 16),
                         with: .linearGradient(Gradient(colors: [.indigo, .pink]),
                                               startPoint: card.origin, endPoint: CGPoint(x: card.maxX, y: card.maxY)))
            for ray in 0..<12 {
                var ctx = context            // a copy: its transform and opacity are its own
                ctx.opacity = 0.8
                ctx.translateBy(x: size.width / 2, y: size.height / 2)
                ctx.rotate(by: .degrees(Double(ray) * 30))
                ctx.fill(Path(CGRect(x: 30, y: -4, width: 60, height: 8)), with: .color(.yellow))
            }
        }
        try bitmap.writePNG(to: directory.appendingPathComponent("sunburst.png"))

        let written = try Bitmap(contentsOfPNG: directory.appendingPathComponent("sunburst.png"))
        #expect(written.width == 640 && written.height == 400)
        #expect(written.pixel(x: 5, y: 5) == .white)                 // outside the card
        // Ray 0 points along +x from the centre (160, 100) pt = (320, 200) px, over the card.
        let ray = written.pixel(x: 2 * 160 + 2 * 60, y: 200)
        // Yellow (1, 0.8, 0) at 0.8 over the gradient (blue ≤ 0.84): red ≥ 0.8, green ≥ 0.64, blue ≤ 0.17.
        #expect(ray.red > 0.8 && ray.green > 0.64 && ray.blue < 0.18)
        let card = written.pixel(x: 60, y: 60)                        // the gradient's indigo end
        #expect(abs(card.red - 88.0 / 255) < 0.08 && abs(card.blue - 214.0 / 255) < 0.08)
    }

    @Test("the clip example renders an MP4 and a PDF")
    func renderAClip() throws {

        var timeline = try Timeline(
            size: CGSize(width: 390, height: 844), scale: 2, fps: 60, duration: 3, background: .white,
            layers: [
                Timeline.Layer(RipplesScene(ripples: [Ripple(center: CGPoint(x: 195, y: 400), start: 0, color: RipplesScene.palette[0])])),
                Timeline.Layer(try ConfettiScene(bursts: [ConfettiBurst()], seed: 7)),   // aims at the canvas
            ])
        // Smaller and shorter than the README's so the test stays quick; the code is the same.
        timeline.scale = 0.25
        timeline.duration = 0.25
        var options = VideoOptions()
        options.preset = "ultrafast"
        let report = try render(timeline, to: directory.appendingPathComponent("party.mp4"), options: options)
        #expect(report.frameCount == 15)
        // The README draws t = 0.8 of its 3 s clip; this one is 0.25 s long, and a still past the
        // end of a clip is an error.
        try renderStill(timeline, at: 0.2, to: directory.appendingPathComponent("party.pdf"))
        let pdf = try Data(contentsOf: directory.appendingPathComponent("party.pdf"))
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
    }
}
