import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// The promotion template (Fixtures/Templates/promo.json): a title, a Lottie badge as long as its
/// animation, the products one a second and a closing card, joined by a clock wipe, a push and a
/// fade, with the discount badge by a bool and the products from a list, one clip per data row.
@Suite("the promotion template")
struct PromoTemplateToolTests {
    @Test("each row of promo.jsonl renders: its length follows its products, its closing card has the badge only when asked")
    func eachRowRenders() throws {
        let scratch = try TemporaryDirectory.cli()
        let batch = try Tool.run(["batch", "--template", packageFile("Fixtures/Templates/promo.json").path,
                                  "--data", packageFile("Fixtures/Templates/promo.jsonl").path,
                                  "-o", scratch.path("{{id}}.mp4")], in: scratch.url)
        #expect(batch.status == 0, "\(batch.error)")
        // 1.2 s + the badge's 2 s + a second a product + 1.5 s, less the three transitions' 1.1 s.
        let three = try decodeClip(scratch.file("three.mp4")), seven = try decodeClip(scratch.file("seven.mp4"))
        #expect(three.frameCount == 66 && seven.frameCount == 106)
        // Below the badge's text, inside its circle: red with the discount, the card's yellow without.
        let badge = try #require(three.frames.last).pixel(268, 72), card = try #require(seven.frames.last).pixel(268, 72)
        #expect(badge.r > 220 && badge.g < 90 && badge.b < 90, "\(badge)")
        #expect(card.r > 220 && card.g > 190 && card.b < 60, "\(card)")
    }
}
