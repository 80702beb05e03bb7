import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// JPEG and WebP images decode to their known patch colours; other files are refused by name.
@Suite("Image files")
struct ImageFileTests {
    static func fixture(_ name: String) -> URL {
        ReferenceImages.fixturesDirectory.appendingPathComponent("Images").appendingPathComponent(name)
    }

    /// The patches the fixtures were made from (see Fixtures/Images/README.md), in 0...255.
    static let red = [220.0, 30, 30], green = [30.0, 200, 60], blue = [40.0, 60, 210], grey = [128.0, 128, 128]

    static func expect(_ color: Color, _ rgb: [Double], opacity: Double = 1, within tolerance: Double,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let got = [color.red * 255, color.green * 255, color.blue * 255]
        for i in 0..<3 {
            #expect(abs(got[i] - rgb[i]) <= tolerance, "component \(i): \(got[i]) against \(rgb[i])",
                    sourceLocation: sourceLocation)
        }
        #expect(abs(color.opacity - opacity) <= 1.0 / 255, "opacity \(color.opacity)", sourceLocation: sourceLocation)
    }

    @Test func aJPEGDecodesToItsPatches() throws {
        let image = try Bitmap(contentsOf: Self.fixture("patches.jpg"))
        #expect(image.width == 64 && image.height == 64)
        Self.expect(image.pixel(x: 16, y: 16), Self.red, within: 6)
        Self.expect(image.pixel(x: 48, y: 16), Self.green, within: 6)
        Self.expect(image.pixel(x: 16, y: 48), Self.blue, within: 6)
        Self.expect(image.pixel(x: 48, y: 48), Self.grey, within: 6)
    }

    @Test func aLosslessWebPKeepsItsColoursAndAlpha() throws {
        let image = try Bitmap(contentsOf: Self.fixture("patches-alpha-lossless.webp"))
        #expect(image.width == 64 && image.height == 64)
        Self.expect(image.pixel(x: 16, y: 16), Self.red, within: 0)
        Self.expect(image.pixel(x: 48, y: 16), Self.green, within: 0)
        #expect(image.pixel(x: 16, y: 48).opacity == 0)
        // Half-transparent blue: premultiplied in the bitmap, so the colour comes back within rounding.
        Self.expect(image.pixel(x: 48, y: 48), Self.blue, opacity: 128.0 / 255, within: 2)
    }

    @Test func aLossyWebPDecodesToItsPatches() throws {
        let image = try Bitmap(contentsOf: Self.fixture("patches-lossy.webp"))
        Self.expect(image.pixel(x: 16, y: 16), Self.red, within: 8)
        Self.expect(image.pixel(x: 48, y: 16), Self.green, within: 8)
        Self.expect(image.pixel(x: 16, y: 48), Self.blue, within: 8)
        Self.expect(image.pixel(x: 48, y: 48), Self.grey, within: 8)
    }

    @Test func otherFilesAreRefusedByName() throws {
        let gif = Self.fixture("patches.gif").path
        #expect(expectFlipbookError(.invalidInput) { _ = try Bitmap(contentsOf: Self.fixture("patches.gif")) }?.message
            == "\(gif) is a GIF image; Flipbook draws PNG, JPEG and WebP images.")
        let empty = Self.fixture("empty.jpg").path
        #expect(expectFlipbookError(.invalidInput) { _ = try Bitmap(contentsOf: Self.fixture("empty.jpg")) }?.message
            == "\(empty) is empty; Flipbook draws PNG, JPEG and WebP images.")
        let truncated = Self.fixture("truncated.jpg").path
        #expect(expectFlipbookError(.invalidInput) { _ = try Bitmap(contentsOf: Self.fixture("truncated.jpg")) }?.message
            == "\(truncated) is a damaged JPEG image: Premature end of JPEG file.")
        let missing = Self.fixture("missing.webp").path
        #expect(expectFlipbookError(.file) { _ = try Bitmap(contentsOf: Self.fixture("missing.webp")) }?.message
            == "Cannot read the image \(missing): there is no such file.")
        let text = ReferenceImages.fixturesDirectory.appendingPathComponent("Images/README.md")
        #expect(expectFlipbookError(.invalidInput) { _ = try Bitmap(contentsOf: text) }?.message
            == "\(text.path) is not an image Flipbook recognises; Flipbook draws PNG, JPEG and WebP images.")
    }

    @Test func aResolvedImageHasItsSizeInPointsAndDraws() throws {
        let image = try Image(contentsOf: Self.fixture("patches.jpg"), scale: 2)
        let bitmap = try drawing(64, 64, background: .white) { ctx, _ in
            let resolved = ctx.resolve(image)
            #expect(resolved.size == CGSize(width: 32, height: 32))
            #expect(resolved.baseline == 32)
            #expect(resolved.shading == nil)
            ctx.draw(resolved, at: CGPoint(x: 16, y: 16))
        }
        Self.expect(bitmap.pixel(x: 8, y: 8), Self.red, within: 6)
        Self.expect(bitmap.pixel(x: 24, y: 24), Self.grey, within: 6)
        Self.expect(bitmap.pixel(x: 40, y: 40), [255, 255, 255], within: 0)
    }

    @Test func aTemplateImageIsFilledWithItsShadingThroughItsAlpha() throws {
        let image = try Image(contentsOf: Self.fixture("patches-alpha-lossless.webp")).renderingMode(.template)
        let bitmap = try drawing(64, 64, background: nil) { ctx, _ in
            var resolved = ctx.resolve(image)
            #expect(resolved.shading != nil)
            resolved.shading = .color(Color(red: 0, green: 1, blue: 0))
            ctx.draw(resolved, in: CGRect(x: 0, y: 0, width: 64, height: 64))
        }
        Self.expect(bitmap.pixel(x: 16, y: 16), [0, 255, 0], within: 1)
        #expect(bitmap.pixel(x: 16, y: 48).opacity == 0)
        Self.expect(bitmap.pixel(x: 48, y: 48), [0, 255, 0], opacity: 128.0 / 255, within: 2)
    }
}
