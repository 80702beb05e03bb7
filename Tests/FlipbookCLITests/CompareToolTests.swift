import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

@Suite("flipbook compare")
struct CompareToolTests {
    /// Writes a white 16 × 12 PNG, with a red 2 × 2 square at (4, 3) when `changed`.
    private func writePicture(_ url: URL, changed: Bool) throws {
        var bitmap = try Bitmap(width: 16, height: 12)
        bitmap.draw(background: .white) { context, _ in
            if changed { context.fill(Path(CGRect(x: 4, y: 3, width: 2, height: 2)), with: .color(Color(red: 1, green: 0, blue: 0))) }
        }
        try bitmap.writePNG(to: url)
    }

    @Test("identical pictures print PSNR ∞ and exit 0; different ones print the worst pixel and exit 1, writing --diff")
    func compare() throws {
        let scratch = try TemporaryDirectory.cli()
        try writePicture(scratch.file("a.png"), changed: false)
        try writePicture(scratch.file("b.png"), changed: false)
        try writePicture(scratch.file("c.png"), changed: true)
        let same = try Tool.run(["compare", scratch.path("a.png"), scratch.path("b.png")])
        #expect(same.status == 0)
        #expect(same.output == "identical (PSNR ∞, SSIM 1)\n")
        let different = try Tool.run(["compare", scratch.path("a.png"), scratch.path("c.png"), "--diff", scratch.path("d.png")])
        #expect(different.status == 1)
        // 4 pixels of 192, green and blue each 255 off: MSE = 8 × 255² / 768.
        let psnr = String(format: "%.2f", 10 * log10(768.0 / 8))
        #expect(different.output.hasPrefix("PSNR \(psnr) dB, SSIM "), "\(different.output)")
        #expect(different.output.hasSuffix("4 pixels of 192 differ; the worst at (4, 3): expected #ffffff, actual #ff0000\n"))
        #expect(different.error == "error: \(scratch.path("a.png")) and \(scratch.path("c.png")) differ: PSNR \(psnr) dB is below 45 dB.\n")
        let diff = try Bitmap(contentsOfPNG: scratch.file("d.png"))
        #expect(diff.pixel(x: 4, y: 3).red >= 0.5 && diff.pixel(x: 4, y: 3).green == 0)
        #expect(diff.pixel(x: 0, y: 0).red == diff.pixel(x: 0, y: 0).green)
        let lenient = try Tool.run(["compare", scratch.path("a.png"), scratch.path("c.png"), "--min-psnr", "15"])
        #expect(lenient.status == 0)
    }

    @Test("a bad threshold or pictures of different sizes are errors")
    func refused() throws {
        let scratch = try TemporaryDirectory.cli()
        try writePicture(scratch.file("a.png"), changed: false)
        try Bitmap(width: 8, height: 8).writePNG(to: scratch.file("small.png"))
        let threshold = try Tool.run(["compare", scratch.path("a.png"), scratch.path("a.png"), "--min-psnr", "-3"])
        #expect(threshold.status == 2)
        #expect(threshold.error == "error: --min-psnr must be a number of decibels above 0; it is -3.\n")
        let sizes = try Tool.run(["compare", scratch.path("a.png"), scratch.path("small.png")])
        #expect(sizes.status == 2)
        #expect(sizes.error == "error: Cannot compare a 8×8 picture with a 16×12 one: their sizes differ.\n")
    }
}
