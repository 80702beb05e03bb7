import FlipbookAnimation
import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Confetti made of text")
struct TextConfettiTests {
    static let sceneJSON = #"""
        {"size": [240, 160], "scale": 1, "background": "white", "layers": [{"scene": "confetti", "seed": 3, "bursts": [
            {"count": 60, "emitter": "point", "sizes": [[14, 14], [20, 20]], "palette": ["blue"],
             "shapes": [{"text": "🎉"}, {"text": "★"}, {"text": "A", "font": "No Such Font Family"}]}]}]}
        """#

    @Test func sceneFileTextShapesDrawEmojiInColourAndGlyphsInTheParticleColour() throws {
        let file = try decodeScene(Self.sceneJSON)
        let timeline = try file.makeTimeline()
        var bitmap = try Bitmap(width: timeline.pixelWidth, height: timeline.pixelHeight)
        timeline.draw(frame: 30, into: &bitmap)
        assertMatchesReference(bitmap, named: "text-confetti", directory: "Text")
        var emojiColours = 0, blue = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let c = bitmap.pixel(x: x, y: y)
                guard c.opacity > 0.9 else { continue }
                if c.blue > 0.8, c.red < 0.3, c.green < 0.6 { blue += 1 }
                // The party popper's yellow, red and pink are none of the palette's blue.
                else if max(c.red, c.green) > 0.7, c.blue < 0.5 { emojiColours += 1 }
            }
        }
        #expect(blue > 200)
        #expect(emojiColours > 40)
    }

    @Test func swiftTextShapesMatchTheSceneFile() throws {
        let style = ConfettiStyle(palette: [.blue], sizes: [CGSize(width: 14, height: 14), CGSize(width: 20, height: 20)],
                                  shapes: [.text("🎉"), .text("★"), .text("A", font: "No Such Font Family")])
        let scene = try ConfettiScene(size: CGSize(width: 240, height: 160),
                                      bursts: [ConfettiBurst(count: 60, emitter: .point(), style: style)],
                                      seed: 3)
        let fromFile = try decodeScene(Self.sceneJSON).makeTimeline()
        var a = try Bitmap(width: 240, height: 160), b = try Bitmap(width: 240, height: 160)
        fromFile.draw(frame: 30, into: &a)
        b.draw(background: .white) { context, size in scene.draw(in: &context, size: size, time: fromFile.time(ofFrame: 30)) }
        #expect(try a.pngData() == b.pngData())
    }

    @Test func textShapesRoundTripThroughJSON() throws {
        let shapes: [ConfettiShape] = [.text("🎉"), .text("★", font: "DejaVu Sans"), .circle]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(shapes)
        #expect(String(decoding: data, as: UTF8.self) == #"[{"text":"🎉"},{"font":"DejaVu Sans","text":"★"},"circle"]"#)
        #expect(try JSONDecoder().decode([ConfettiShape].self, from: data) == shapes)
    }

    @Test func badTextShapesAreRejectedWithTheirKeyPath() {
        expectInvalidInput(
            "test.json:1:67: layers[0].bursts[0].shapes[0].text must have 1 to 64 characters; it has 0.",
            at: inTestFile(1, 67, "layers[0].bursts[0].shapes[0].text")) {
            _ = try decodeScene(#"{"layers": [{"scene": "confetti", "bursts": [{"shapes": [{"text": ""}]}]}]}"#)
        }
        expectInvalidInput(
            #"test.json:1:80: layers[0].bursts[0].shapes[0].size is not a key of a text shape (expected "text" and optionally "font")."#,
            at: inTestFile(1, 80, "layers[0].bursts[0].shapes[0].size")) {
            _ = try decodeScene(#"{"layers": [{"scene": "confetti", "bursts": [{"shapes": [{"text": "x", "size": 3}]}]}]}"#)
        }
        expectInvalidInput(
            "test.json:1:80: layers[0].bursts[0].shapes[0].font must be a font family name, not empty.",
            at: inTestFile(1, 80, "layers[0].bursts[0].shapes[0].font")) {
            _ = try decodeScene(#"{"layers": [{"scene": "confetti", "bursts": [{"shapes": [{"text": "x", "font": ""}]}]}]}"#)
        }
        #expect(throws: FlipbookError.self) { _ = try ConfettiShape.checkedText(String(repeating: "★", count: 65)) }
    }
}
