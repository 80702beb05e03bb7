import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// The pixel sizes of the images embedded in a PDF (their dictionaries are plain text even when
/// their streams are compressed).
func pdfImageSizes(_ data: Data) -> [[Int]] {
    let text = String(decoding: data, as: UTF8.self)
    return text.components(separatedBy: "endobj").filter { $0.contains("/Subtype /Image") }.map { object in
        ["/Width ", "/Height "].map { key in
            guard let start = object.range(of: key)?.upperBound else { return -1 }
            return Int(object[start...].prefix { $0.isNumber }) ?? -1
        }
    }
}

/// The `width`/`height` attributes of an SVG's `<image>` elements and the sizes in their embedded
/// PNGs' headers.
func svgImageSizes(_ data: Data) -> [(attributes: [Int], png: [Int])] {
    let text = String(decoding: data, as: UTF8.self)
    return text.components(separatedBy: "<image").dropFirst().map { element in
        let tag = element.prefix { $0 != ">" }
        let attributes = ["width=\"", "height=\""].map { key in
            guard let start = tag.range(of: " " + key)?.upperBound else { return -1 }
            return Int(Double(tag[start...].prefix { $0 != "\"" }) ?? -1)
        }
        var png = [-1, -1]
        if let start = tag.range(of: "base64,")?.upperBound,
           let bytes = Data(base64Encoded: String(tag[start...].prefix { $0 != "\"" })), bytes.count >= 24 {
            // The IHDR chunk's width and height, big-endian, at bytes 16 and 20.
            png = [16, 20].map { at in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        }
        return (attributes, png)
    }
}

@Suite("Vector stills rasterize filtered groups at the requested resolution")
struct VectorRasterScaleTests {
    /// A blurred bar whose blur reaches every edge of the 60×40-point page, so its group is the page.
    static let pageSize = CGSize(width: 60, height: 40)
    static func blurredBar(_ context: inout GraphicsContext, _ size: CGSize) {
        context.fill(Path(CGRect(x: 2, y: 2, width: 8, height: 8)), with: .color(.green))
        var blurred = context
        blurred.addFilter(.blur(radius: 12))
        blurred.fill(Path(CGRect(x: 10, y: 10, width: 40, height: 20)), with: .color(.blue))
    }

    @Test(arguments: [1, 3]) func aPDFBlurHasTheScalesPixels(scale: Int) throws {
        let directory = try TemporaryDirectory("raster-scale")
        let url = directory.file("blur.pdf")
        try Bitmap.writeVector(to: url, format: .pdf, size: Self.pageSize, rasterScale: CGFloat(scale), Self.blurredBar)
        let sizes = pdfImageSizes(try Data(contentsOf: url))
        #expect(!sizes.isEmpty)
        for size in sizes { #expect(size == [60 * scale, 40 * scale]) }
    }

    @Test(arguments: [1, 3]) func anSVGBlurHasTheScalesPixels(scale: Int) throws {
        let directory = try TemporaryDirectory("raster-scale")
        let url = directory.file("blur.svg")
        try Bitmap.writeVector(to: url, format: .svg, size: Self.pageSize, rasterScale: CGFloat(scale), Self.blurredBar)
        let images = svgImageSizes(try Data(contentsOf: url))
        #expect(images.count == 1)
        for image in images {
            #expect(image.attributes == [60 * scale, 40 * scale])
            #expect(image.png == [60 * scale, 40 * scale])
        }
    }

    @Test func theOldSignatureRasterizesAtFourPixelsPerPoint() throws {
        let directory = try TemporaryDirectory("raster-scale")
        let old = directory.file("old.pdf"), four = directory.file("four.pdf")
        try Bitmap.writeVector(to: old, format: .pdf, size: Self.pageSize, Self.blurredBar)
        try Bitmap.writeVector(to: four, format: .pdf, size: Self.pageSize, rasterScale: 4, Self.blurredBar)
        let data = try Data(contentsOf: old)
        #expect(pdfImageSizes(data).first == [240, 160])
        #expect(data == (try Data(contentsOf: four)))
    }

    /// 16 Mi pixels over a 4096×4096-point page is 1 pixel per point: a scale of 5 is lowered to 1.
    @Test func theResolutionIsCappedByThePixelBudget() throws {
        let directory = try TemporaryDirectory("raster-scale")
        let capped = directory.file("capped.pdf"), one = directory.file("one.pdf")
        let draw: (inout GraphicsContext, CGSize) -> Void = { context, _ in
            var blurred = context
            blurred.addFilter(.blur(radius: 2))
            blurred.fill(Path(CGRect(x: 100, y: 100, width: 200, height: 100)), with: .color(.red))
        }
        let page = CGSize(width: 4096, height: 4096)
        try Bitmap.writeVector(to: capped, format: .pdf, size: page, rasterScale: 5, draw)
        try Bitmap.writeVector(to: one, format: .pdf, size: page, rasterScale: 1, draw)
        let sizes = pdfImageSizes(try Data(contentsOf: capped))
        #expect(!sizes.isEmpty)
        #expect(sizes == pdfImageSizes(try Data(contentsOf: one)))
        // The blur's group: the bar and its reach in whole points, at one pixel per point.
        for size in sizes { #expect(size[0] > 200 && size[0] < 240 && size[1] > 100 && size[1] < 140) }
    }

    @Test(arguments: [0, -1, CGFloat.infinity, CGFloat.nan]) func aBadScaleIsRefused(scale: CGFloat) throws {
        let directory = try TemporaryDirectory("raster-scale")
        let url = directory.file("bad.svg")
        let error = expectFlipbookError(.invalidInput) {
            try Bitmap.writeVector(to: url, format: .svg, size: Self.pageSize, rasterScale: scale, Self.blurredBar)
        }
        #expect(error?.message
            == "Cannot write \(url.path): the raster scale must be a positive, finite number of pixels per point; \(scale) was requested.")
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
