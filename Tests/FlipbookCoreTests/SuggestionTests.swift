@testable import FlipbookCore
import Testing

@Suite("did you mean")
struct SuggestionTests {
    @Test("swapped neighbours count one edit, so 'sede' is 'seed', not 'scene'")
    func transpositions() {
        #expect(editDistance("sede", "seed") == 1)
        #expect(editDistance("sede", "scene") == 2)
        #expect(didYouMean("sede", among: ["scene", "seed", "size"]) == " Did you mean 'seed'?")
    }

    @Test("case is ignored; far words get no suggestion")
    func distances() {
        #expect(editDistance("Medium", "medium") == 0)
        #expect(editDistance("", "abc") == 3)
        #expect(didYouMean("rendr", among: ["render", "still", "batch"]) == " Did you mean 'render'?")
        #expect(didYouMean("fireworks", among: ["confetti", "ripples"]) == "")
        #expect(closestMatch(to: "x", among: ["y"]) == nil)
    }
}
