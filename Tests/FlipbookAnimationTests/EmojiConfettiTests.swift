import FlipbookAnimation
import FlipbookDrawing
import FlipbookTestSupport
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

    @Test func aStarWithVS16IsAColourEmoji() throws {
        let (inked, coloured) = inkedAndColoured(try Self.frame("⭐️")) { $0 != .white }
        #expect(inked > 200)
        #expect(coloured > inked / 2, "\(coloured) of \(inked)")
    }

    @Test func aStarWithVS15TakesTheParticleColour() throws {
        let (inked, coloured) = inkedAndColoured(try Self.frame("⭐︎")) { $0 != .white }
        #expect(inked > 200)
        #expect(coloured == 0)
    }
}
