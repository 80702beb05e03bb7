@testable import FlipbookCore
import Testing

@Suite("Whole numbers from computed values")
struct WholeNumberTests {
    @Test("saturating: rounded as Int(x.rounded(rule)) would, held to Int's range, NaN as 0")
    func saturating() {
        #expect(Int(saturating: 2.5) == 3 && Int(saturating: -2.5) == -3 && Int(saturating: 2.4) == 2)
        #expect(Int(saturating: 2.01, rounded: .up) == 3 && Int(saturating: -2.01, rounded: .down) == -3)
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: .infinity) == .max && Int(saturating: -.infinity) == .min)
        #expect(Int(saturating: 1e300) == .max && Int(saturating: -1e300) == .min)
        #expect(Int(saturating: 0x1p63) == .max && Int(saturating: -0x1p63) == .min)
        // The largest Double below 2⁶³ still converts exactly.
        #expect(Int(saturating: 0x1.fffffffffffffp62) == 0x7FFF_FFFF_FFFF_FC00)
    }

    @Test("checking: an invalid-input error naming the parameter instead of a trap")
    func checking() throws {
        #expect(try Int(3.2, rounded: .up, checking: "the width") == 4)
        for bad in [Double.nan, .infinity, -.infinity, 1e19, -1e300] {
            do {
                _ = try Int(bad, rounded: .down, checking: "the width")
                Issue.record("\(bad) was converted")
            } catch let error as FlipbookError {
                #expect(error.kind == .invalidInput)
                #expect(error.message == "the width must be a finite number within ±9223372036854775807; it is \(bad).")
            }
        }
    }
}
