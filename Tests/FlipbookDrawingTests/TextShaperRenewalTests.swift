@testable import FlipbookDrawing
import Foundation
import Testing

/// A thread's shaper is replaced once it has laid out many sizes of one whole number of points
/// (``TextShaper/sizesPerWholePoint``), which keeps Pango's pattern table from making text layout
/// quadratic in the sizes used; the new shaper draws the same pixels.
@Suite("Text shapers renewed after many sizes")
struct TextShaperRenewalTests {
    /// "Flipbook" at `size` points on a small transparent bitmap.
    static func drawn(at size: CGFloat) throws -> Bitmap {
        var bitmap = try Bitmap(width: 120, height: 40)
        bitmap.draw { context, _ in
            context.draw(Text("Flipbook").font(.system(size: size)), at: CGPoint(x: 60, y: 20))
        }
        return bitmap
    }

    /// The calling thread's shaper (held, so that a new one cannot take its address).
    static func currentShaper() throws -> TextShaper {
        try TextShaper.withShaper { $0 }
    }

    @Test("more sizes of one whole point than the limit renew the shaper; whole sizes never do; pixels stay the same")
    func renewsAfterManySizesOfOneWholePoint() throws {
        let before = try Self.drawn(at: 12.5)
        let first = try Self.currentShaper()
        // Whole sizes fall in different buckets of fontconfig's hash: any number of them keeps the shaper.
        for size in 6...(6 + TextShaper.sizesPerWholePoint + 8) { _ = try Self.drawn(at: CGFloat(size)) }
        #expect(try Self.currentShaper() === first)
        var renewed = false
        for step in 1...(TextShaper.sizesPerWholePoint + 1) {
            _ = try Self.drawn(at: 12 + CGFloat(step) / 64)
            let now = try Self.currentShaper()
            renewed = renewed || now !== first
        }
        #expect(renewed)
        let after = try Self.drawn(at: 12.5)
        #expect(after.withUnsafeBytes { a, _ in before.withUnsafeBytes { b, _ in a.elementsEqual(b) } })
        let inked = after.withUnsafeBytes { bytes, _ in stride(from: 3, to: bytes.count, by: 4).filter { bytes[$0] != 0 }.count }
        #expect(inked > 50)
    }
}
