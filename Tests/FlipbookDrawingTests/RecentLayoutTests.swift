@testable import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("A text drawn again is laid out once per thread")
struct RecentLayoutTests {
    @Test func theSameTextInTheSameBoxReusesItsLayoutWhateverItsColour() throws {
        try TextShaper.withShaper { shaper in
            let text = Text("Title").font(.system(size: 40, weight: .bold)).tracking(2).lineSpacing(4)
            let first = try shaper.layout(text, width: 200, height: 100)
            #expect(try shaper.layout(text.foregroundColor(.red), width: 200, height: 100) === first)
            #expect(try shaper.layout(text, width: 201, height: 100) !== first)
            #expect(try shaper.layout(text.lineSpacing(5), width: 200, height: 100) !== first)
            #expect(try shaper.layout(Text("Title!").font(.system(size: 40, weight: .bold)), width: 200, height: 100) !== first)
            // Still kept after other texts, up to the capacity.
            #expect(try shaper.layout(text, width: 200, height: 100) === first)
            for index in 0..<RecentLayouts.capacity { _ = try shaper.layout(Text("\(index)"), width: nil, height: nil) }
            #expect(try shaper.layout(text, width: 200, height: 100) !== first)
        }
    }

    @Test func lineSpacingSeparatesLinesBySoManyPoints() throws {
        let unbounded = CGSize(width: CGFloat.infinity, height: .infinity)
        let plain = try GraphicsContextProbe.resolve(Text("one\ntwo\nthree").font(.body)).measure(in: unbounded)
        let spaced = try GraphicsContextProbe.resolve(Text("one\ntwo\nthree").font(.body).lineSpacing(6)).measure(in: unbounded)
        #expect(abs(spaced.height - (plain.height + 2 * 6)) < 1.0 / 256)
        #expect(spaced.width == plain.width)
    }
}
