@testable import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Asset-catalog images: Image(\"Name\") from an image set, at the drawing's scale and colour scheme")
struct AssetImageTests {
    static let catalog = packageFile("Fixtures/Assets/Images.xcassets")

    /// `body` drawn `scale` pixels per point in `scheme` with the fixture catalog, and the first
    /// resolved image's size.
    func draw(scale: CGFloat, scheme: ColorScheme = .light, width: Int = 64, height: Int = 64,
              _ body: (inout GraphicsContext) -> Void) throws -> Bitmap {
        var bitmap = try Bitmap(width: width, height: height)
        bitmap.draw(scale: scale, background: .white,
                    environment: EnvironmentValues(colorScheme: scheme, assetCatalogs: [Self.catalog])) { context, _ in
            body(&context)
        }
        #expect(bitmap.drawingIssue == nil)
        return bitmap
    }

    /// The image's size in points and the colour drawn at its centre, drawn at its size from (2, 2).
    func dot(_ image: Image, scale: CGFloat, scheme: ColorScheme = .light) throws -> (CGSize, [Int]) {
        var size = CGSize.zero
        let bitmap = try draw(scale: scale, scheme: scheme) { context in
            let resolved = context.resolve(image)
            size = resolved.size
            context.draw(resolved, at: CGPoint(x: 2, y: 2), anchor: .topLeading)
        }
        let x = Int(((2 + size.width / 2) * scale).rounded(.down)), y = Int(((2 + size.height / 2) * scale).rounded(.down))
        return (size, bytes(bitmap.pixel(x: x, y: y)))
    }

    @Test func theFileForTheDrawingsScaleIsDrawnAtTheSetsSizeInPoints() throws {
        // 1x red, 2x blue, 3x green: 16 points each way.
        let expected: [(CGFloat, [Int])] = [(1, [255, 0, 0, 255]), (2, [0, 0, 255, 255]), (3, [0, 160, 0, 255]),
                                            (1.5, [0, 0, 255, 255]), (2.5, [0, 160, 0, 255]), (4, [0, 160, 0, 255]),
                                            (0.5, [255, 0, 0, 255])]
        for (scale, colour) in expected {
            let (size, drawn) = try dot(Image("Dot"), scale: scale)
            #expect(size == CGSize(width: 16, height: 16), "at \(scale)x")
            #expect(drawn == colour, "at \(scale)x")
        }
        // The high-contrast variant is for a setting a drawing has not: the 1x file is the plain one.
        let set = try AssetImageSet(folder: Self.catalog.appendingPathComponent("Dot.imageset"))
        #expect(set.variants.count == 4)
        #expect(set.variant(for: .light, pixelsPerPoint: 1).file.lastPathComponent == "dot.png")
    }

    @Test func theDarkAppearanceIsDrawnInTheDarkScheme() throws {
        #expect(try dot(Image("Dot"), scale: 2, scheme: .dark).1 == [255, 220, 0, 255])
        // The set has a dark file at 2x only: every scale draws it.
        #expect(try dot(Image("Dot"), scale: 1, scheme: .dark).1 == [255, 220, 0, 255])
        #expect(try dot(Image("Dot"), scale: 3, scheme: .dark).1 == [255, 220, 0, 255])
        #expect(try dot(Image("Dot"), scale: 2, scheme: .light).1 == [0, 0, 255, 255])
    }

    @Test func aTemplateImageSetTakesTheForegroundUnlessToldOtherwise() throws {
        let drawnAs = { (image: Image, foreground: Color) throws -> [Int] in
            let bitmap = try self.draw(scale: 1) { context in
                context.foregroundStyle = .color(foreground)
                context.draw(image, in: CGRect(x: 0, y: 0, width: 20, height: 20))
            }
            return bytes(bitmap.pixel(x: 10, y: 10))
        }
        // In a folder that provides a namespace: found by its path or by its name.
        #expect(try drawnAs(Image("Icons/Mask"), .purple) == bytes(Color.purple))
        #expect(try drawnAs(Image("Mask"), .orange) == bytes(Color.orange))
        #expect(try drawnAs(Image("Mask").renderingMode(.original), .orange) == [255, 255, 255, 255])
        #expect(try drawnAs(Image(decorative: "Mask"), .orange) == bytes(Color.orange))
    }

    @Test func anSVGFileIsDrawnAtItsSizeInPoints() throws {
        for scale in [CGFloat(1), 2, 3] {
            let (size, drawn) = try dot(Image("Badge"), scale: scale)
            #expect(size.width >= 24 && size.width < 24.5 && size.height >= 12 && size.height < 12.5, "\(size) at \(scale)x")
            #expect(drawn == [255, 128, 0, 255], "at \(scale)x")
        }
    }

    @Test func aDevicesImageIsUsedWhenThereIsNoUniversalOne() throws {
        #expect(try dot(Image("Phone"), scale: 1).1 == [0, 255, 255, 255])
    }

    @Test func aMissingNameOrAnUnreadableSetDrawsNothingAndWarnsOnce() throws {
        for name in ["NoSuchImage", "Brochure"] {
            let bitmap = try draw(scale: 1) { context in
                #expect(context.resolve(Image(name)).size == .zero)
                context.draw(Image(name), in: CGRect(x: 0, y: 0, width: 64, height: 64))
                context.draw(Image(name), in: CGRect(x: 0, y: 0, width: 64, height: 64))
            }
            #expect(bytes(bitmap.pixel(x: 32, y: 32)) == [255, 255, 255, 255])
        }
        let warnings = AssetCatalogs.warnings
        #expect(warnings.filter { $0.hasPrefix("No image named 'NoSuchImage'") } == [
            "No image named 'NoSuchImage' found in asset catalog (searched \(Self.catalog.path)); it draws nothing.",
        ])
        let brochure = Self.catalog.appendingPathComponent("Brochure.imageset/brochure.pdf").path
        #expect(warnings.filter { $0.hasPrefix("The image 'Brochure'") } == [
            "The image 'Brochure' cannot be drawn: \(brochure) is a PDF, which Flipbook cannot draw; "
                + "add a PNG or an SVG of it to the image set; it draws nothing.",
        ])
    }

    @Test func anSVGTooLargeToDrawDrawsNothingAndWarnsInsteadOfTrapping() throws {
        let scratch = try TemporaryDirectory("huge-svg")
        let set = scratch.file("Huge.xcassets/Huge.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"images": [{"filename": "huge.svg", "idiom": "universal"}], "info": {"author": "xcode", "version": 1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="1e30" height="10"><rect width="10" height="10"/></svg>"#.utf8)
            .write(to: set.appendingPathComponent("huge.svg"))
        var bitmap = try Bitmap(width: 16, height: 16)
        bitmap.draw(scale: 1, background: .white,
                    environment: EnvironmentValues(assetCatalogs: [scratch.file("Huge.xcassets")])) { context, _ in
            context.draw(Image("Huge"), in: CGRect(x: 0, y: 0, width: 16, height: 16))
        }
        #expect(bytes(bitmap.pixel(x: 8, y: 8)) == [255, 255, 255, 255])
        #expect(AssetCatalogs.warnings.contains { $0.hasPrefix("The image 'Huge' cannot be drawn") && $0.contains("too large to draw") }, "\(AssetCatalogs.warnings)")
    }

    @Test func anImageSetFromABundleAndAsASymbolAndATile() throws {
        // A bundle holding the catalog: found without the environment's catalogs.
        let folder = try TemporaryDirectory("image-bundle")
        try FileManager.default.copyItem(at: Self.catalog, to: folder.file("Images.xcassets"))
        let bundle = try #require(Bundle(url: folder.url))
        var bitmap = try Bitmap(width: 32, height: 32)
        bitmap.draw(scale: 2, background: .white) { context, _ in
            context.draw(Image("Dot", bundle: bundle), at: CGPoint(x: 8, y: 8))
        }
        #expect(bytes(bitmap.pixel(x: 16, y: 16)) == [0, 0, 255, 255])
        // As a symbol: its size is the set's in points.
        var symbolSize: CGSize?
        var symbols = try Bitmap(width: 32, height: 32)
        symbols.draw(scale: 2, environment: EnvironmentValues(assetCatalogs: [Self.catalog]),
                     symbols: ["dot": .image(Image("Dot"))]) { context, _ in
            symbolSize = context.resolveSymbol(id: "dot")?.size
        }
        #expect(symbolSize == CGSize(width: 16, height: 16))
        // As a tiled shading: 16-point tiles of the 2x file.
        let tiled = try draw(scale: 2) { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 32, height: 32)),
                         with: .tiledImage(Image("Dot"), origin: .zero, sourceRect: CGRect(x: 0, y: 0, width: 1, height: 1), scale: 1))
        }
        #expect(bytes(tiled.pixel(x: 16, y: 16)) == [0, 0, 255, 255])
        #expect(bytes(tiled.pixel(x: 48, y: 16)) == [0, 0, 255, 255])
    }
}
