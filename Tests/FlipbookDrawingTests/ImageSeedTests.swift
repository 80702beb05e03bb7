import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// The image fuzz target's seeds (Fuzz/Corpus/Image) are real images: each decodes, through the
/// bytes entry the fuzzer uses, to the size and pixels it was made with.
@Suite("Image fuzz seeds")
struct ImageSeedTests {
    static let directory = packageFile("Fuzz/Corpus/Image")

    static func decode(_ name: String) throws -> Bitmap {
        try Bitmap(imageData: try Data(contentsOf: directory.appendingPathComponent(name)), path: name)
    }

    @Test(arguments: [("rgba.png", 8, 6), ("indexed.png", 9, 7), ("baseline.jpg", 16, 16), ("progressive-grey.jpg", 17, 9),
                      ("lossy.webp", 12, 10), ("lossless-alpha.webp", 8, 6)])
    func eachSeedDecodesToItsSize(name: String, width: Int, height: Int) throws {
        let image = try Self.decode(name)
        #expect(image.width == width && image.height == height)
    }

    /// rgba.png's pixel (x, y) is (255 − 32x, 40y, 32x) with alpha 255 − 40y; the lossless WebP was
    /// made from it with its colours kept under transparency. Colours come back from premultiplied
    /// 8-bit pixels, within 255 / (2 × 55) levels at the corner's alpha of 55.
    @Test(arguments: ["rgba.png", "lossless-alpha.webp"]) func theAlphaGradientSurvives(name: String) throws {
        let image = try Self.decode(name)
        #expect(image.pixel(x: 0, y: 0) == Color(red: 1, green: 0, blue: 0))
        let corner = image.pixel(x: 7, y: 5)
        #expect(abs(corner.red * 255 - 31) <= 3 && abs(corner.green * 255 - 200) <= 3 && abs(corner.blue * 255 - 224) <= 3)
        #expect(abs(corner.opacity * 255 - 55) < 0.01)
    }

    /// indexed.png: 2-bit indices (x + y) mod 4 into white, red, half-transparent green and blue.
    @Test func theIndexedPNGKeepsItsPaletteAndTransparency() throws {
        let image = try Self.decode("indexed.png")
        #expect(image.pixel(x: 0, y: 0) == Color(red: 1, green: 1, blue: 1))
        #expect(image.pixel(x: 1, y: 0) == Color(red: 1, green: 0, blue: 0))
        let green = image.pixel(x: 2, y: 0)
        #expect(green.red == 0 && green.blue == 0 && abs(green.green * 255 - 128) <= 1 && abs(green.opacity * 255 - 128) < 0.01)
        #expect(image.pixel(x: 3, y: 0) == Color(red: 0, green: 0, blue: 1))
        #expect(image.pixel(x: 0, y: 1) == Color(red: 1, green: 0, blue: 0))
    }
}

/// A JPEG whose header claims far more pixels than its data holds is damaged, refused as soon as
/// the data runs out rather than decoded to a huge grey picture (seconds and a gigabyte for a
/// 16000×16000 header on a few hundred bytes).
@Suite("JPEG headers larger than their data")
struct OversizedJPEGTests {
    /// `name`'s bytes with the frame header (SOF0 or SOF2) saying `width`×`height`.
    static func enlarged(_ name: String, width: Int, height: Int) throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: ImageSeedTests.directory.appendingPathComponent(name)))
        let marker = try #require((0..<(bytes.count - 9)).first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
        // FF Cn, length (2), precision (1), height (2), width (2).
        bytes[marker + 5] = UInt8(height >> 8); bytes[marker + 6] = UInt8(height & 0xFF)
        bytes[marker + 7] = UInt8(width >> 8); bytes[marker + 8] = UInt8(width & 0xFF)
        return Data(bytes)
    }

    @Test(arguments: ["baseline.jpg", "progressive-grey.jpg"]) func isRefusedAsDamaged(name: String) throws {
        let data = try Self.enlarged(name, width: 8000, height: 8000)
        let error = expectFlipbookError(.invalidInput) { _ = try Bitmap(imageData: data, path: name) }
        #expect(error?.message == "\(name) is a damaged JPEG image: Corrupt JPEG data: premature end of data segment.")
    }
}
