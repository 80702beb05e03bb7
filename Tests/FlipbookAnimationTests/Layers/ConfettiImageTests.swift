@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Confetti made of pictures: {\"image\": …} shapes")
struct ConfettiImageTests {
    func frame(_ src: String) throws -> Bitmap {
        let file = try imageScene(#"{"size": [240, 160], "scale": 1, "background": "white", "layers": [{"scene": "confetti", "seed": 4, "bursts": [{"count": 40, "shapes": [{"image": ""# + src + #""}], "sizes": [[20, 20], [24, 24]]}]}]}"#)
        let timeline = try file.makeTimeline()
        var bitmap = try timeline.makeBitmap()
        timeline.draw(at: 0.6, into: &bitmap)
        #expect(bitmap.drawingIssue == nil)
        return bitmap
    }

    @Test("Image confetti draws the picture's colours", arguments: ["wide.png", "wide.svg"])
    func drawsColours(_ src: String) throws {
        let b = try frame(src)
        let red = Color(red: 220 / 255, green: 30 / 255, blue: 30 / 255), blue = Color(red: 40 / 255, green: 60 / 255, blue: 210 / 255)
        var reds = 0, blues = 0
        for y in 0..<b.height {
            for x in 0..<b.width {
                let p = b.pixel(x: x, y: y)
                if near(p, red, 0.04) { reds += 1 }
                if near(p, blue, 0.04) { blues += 1 }
            }
        }
        #expect(reds > 200 && blues > 200, "\(reds) red and \(blues) blue pixels")
    }

    @Test("An image shape round-trips, and a missing one names its key path")
    func readAndErrors() throws {
        let file = try imageScene(#"{"layers": [{"scene": "confetti", "bursts": [{"shapes": ["circle", {"image": "wide.png"}]}]}]}"#)
        #expect(try SceneFile.decode(try file.jsonData()) == file)
        let path = imagesDirectory.appendingPathComponent("nope.png").standardizedFileURL.path
        expectInvalidInput("test.json:1:68: layers[0].bursts[0].shapes[0].image names the image \(path), which does not exist.",
                           at: inTestFile(1, 68, "layers[0].bursts[0].shapes[0].image")) {
            _ = try imageScene(#"{"layers": [{"scene": "confetti", "bursts": [{"shapes": [{"image": "nope.png"}]}]}]}"#).makeTimeline()
        }
    }
}
