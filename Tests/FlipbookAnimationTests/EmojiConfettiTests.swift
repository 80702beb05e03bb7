import FlipbookAnimation
import FlipbookDrawing
import Foundation
import Testing

@Suite("Confetti made of emoji presentation sequences")
struct EmojiConfettiTests {
    /// A burst of `text` pieces in black over white, frame 30.
    static func frame(_ text: String) throws -> Bitmap {
        let json = #"""
            {"size": [160, 120], "scale": 1, "background": "white", "layers": [{"scene": "confetti", "seed": 5, "bursts": [
                {"count": 30, "emitter": "point", "sizes": [[18, 18], [24, 24]], "palette": ["black"],
                 "shapes": [{"text": "\#(text)"}]}]}]}
            """#
        let timeline = try decodeScene(json).makeTimeline()
        var bitmap = try Bitmap(width: timeline.pixelWidth, height: timeline.pixelHeight)
        timeline.draw(frame: 30, into: &bitmap)
        return bitmap
    }

    /// Pixels that are not white, and those among them that are not grey.
    static func inkedAndColoured(_ bitmap: Bitmap) -> (inked: Int, coloured: Int) {
        var inked = 0, coloured = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let c = bitmap.pixel(x: x, y: y)
                guard c != .white else { continue }
                inked += 1
                if c.red != c.green || c.green != c.blue { coloured += 1 }
            }
        }
        return (inked, coloured)
    }

    @Test func aStarWithVS16IsAColourEmoji() throws {
        let (inked, coloured) = Self.inkedAndColoured(try Self.frame("⭐️"))
        #expect(inked > 200)
        #expect(coloured > inked / 2, "\(coloured) of \(inked)")
    }

    @Test func aStarWithVS15TakesTheParticleColour() throws {
        let (inked, coloured) = Self.inkedAndColoured(try Self.frame("⭐︎"))
        #expect(inked > 200)
        #expect(coloured == 0)
    }
}
