@testable import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Emoji presentation: VS16, keycaps, flags and modifiers draw in colour; VS15 and text-default symbols do not")
struct EmojiPresentationTests {
    /// Drawn in colour, as on an iPhone. (Not a family such as "👨‍👩‍👧": Noto draws those as grey
    /// silhouettes.)
    static let emoji = ["⭐️", "❤️", "☀️", "✔️", "1️⃣", "#️⃣", "🇫🇷", "😀", "👍🏽", "☝🏽", "👩‍🚀", "🏳️‍🌈"]
    /// Drawn as text glyphs in the foreground colour.
    static let text = ["★", "♥", "⭐︎", "❤︎", "1", "#", "©", "™"]

    @Test func classifiesGraphemeClusters() {
        for string in Self.emoji {
            #expect(EmojiPresentation.isEmoji(Character(string)), "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        for string in Self.text {
            #expect(!EmojiPresentation.isEmoji(Character(string)), "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test(arguments: emoji + text) func textDrawsInColourOnlyForEmoji(_ string: String) throws {
        // Black ink on a transparent background: any colour comes from the emoji font.
        var bitmap = try Bitmap(width: 80, height: 80)
        bitmap.draw { context, size in
            context.draw(Text(string).font(.system(size: 40)).foregroundColor(.black),
                         at: CGPoint(x: size.width / 2, y: size.height / 2))
        }
        #expect(bitmap.drawingIssue == nil)
        let (inked, coloured) = inkedAndColoured(bitmap) { $0.opacity > 0 }
        #expect(inked > 50, "\(string) drew \(inked) pixels")
        if Self.emoji.contains(string) {
            #expect(coloured > inked / 4, "\(string): \(coloured) of \(inked) inked pixels are coloured")
        } else {
            #expect(coloured == 0, "\(string): \(coloured) of \(inked) inked pixels are coloured")
        }
    }

    @Test func textSymbolsFollowTheSameRules() throws {
        for string in ["⭐️", "1️⃣", "★", "⭐︎"] {
            var bitmap = try Bitmap(width: 60, height: 60)
            bitmap.draw { context, _ in
                var ctx = context
                ctx.translateBy(x: 30, y: 30)
                ctx.draw(TextSymbol(string), height: 40, widthScale: 1, color: .black)
            }
            let (inked, coloured) = inkedAndColoured(bitmap) { $0.opacity > 0 }
            #expect(inked > 50, "\(string) drew \(inked) pixels")
            if EmojiPresentation.isEmoji(Character(string)) {
                #expect(coloured > inked / 4, "\(string): \(coloured) of \(inked) inked pixels are coloured")
            } else {
                #expect(coloured == 0, "\(string): \(coloured) of \(inked) inked pixels are coloured")
            }
        }
    }
}
