import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@testable import FlipbookCore

@Suite("Asset-catalog colours")
struct AssetColorTests {
    static let catalog = packageFile("Fixtures/Assets/Test.xcassets")

    private func drawn(_ color: Color, scheme: ColorScheme, catalogs: [URL] = [catalog]) throws -> [Int] {
        var bitmap = try Bitmap(width: 4, height: 4)
        bitmap.draw(background: .clear, environment: EnvironmentValues(colorScheme: scheme, assetCatalogs: catalogs)) {
            context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(color))
        }
        #expect(bitmap.drawingIssue == nil)
        return bytes(bitmap.pixel(x: 2, y: 2))
    }

    /// An app's accent colour is its catalog's `AccentColor`: `.accentColor` draws it, faded as asked,
    /// and without one it is system blue.
    @Test func theAccentColorIsTheCatalogsAccentColor() throws {
        let accent = [packageFile("Fixtures/Assets/Accent.xcassets")]
        #expect(try drawn(.accentColor, scheme: .light, catalogs: accent) == [0x14, 0xA0, 0x3C, 255])
        #expect(try drawn(.accentColor, scheme: .dark, catalogs: accent) == [0x50, 0xE6, 0x78, 255])
        let faded = try drawn(.accentColor.opacity(0.5), scheme: .dark, catalogs: accent)
        #expect(near(faded, [0x50, 0xE6, 0x78, 128]), "\(faded)")
        #expect(try drawn(.accentColor, scheme: .light, catalogs: []) == [0, 122, 255, 255])
        #expect(try drawn(.accentColor, scheme: .dark, catalogs: []) == [10, 132, 255, 255])
    }

    @Test func anyAndDarkAppearances() throws {
        // Any: 0–1 floats (0.8, 0.4, 0.2); dark: 8-bit integers (51, 102, 204).
        #expect(try drawn(Color("Brand"), scheme: .light) == [204, 102, 51, 255])
        #expect(try drawn(Color("Brand"), scheme: .dark) == [51, 102, 204, 255])
        // Premultiplied 8-bit pixels round the components of a half-transparent colour by a level or so.
        #expect(near(try drawn(Color("Brand").opacity(0.5), scheme: .dark), [51, 102, 204, 128], 2))
    }

    @Test func hexComponentsAndAlpha() throws {
        // "0xFF", "0x80", "0x00" at alpha 0.5, with no dark appearance: the same in both schemes.
        #expect(try drawn(Color("HalfOrange"), scheme: .light) == [255, 128, 0, 128])
        #expect(try drawn(Color("HalfOrange"), scheme: .dark) == [255, 128, 0, 128])
    }

    @Test func displayP3ComponentsAreConvertedAndClipped() throws {
        let environment = EnvironmentValues(assetCatalogs: [Self.catalog])
        // P3 (0.918, 0.200, 0.139) is sRGB (1.00057, -0.00177, 0.00115): clipped to (1, 0, 0.00115).
        let any = Color("WideRed").resolve(in: environment)
        #expect(any.red == 1 && any.green == 0 && abs(any.blue - 0.00115) < 1e-5)
        // Dark: P3's pure red, outside sRGB, clipped to sRGB's red.
        #expect(try drawn(Color("WideRed"), scheme: .dark) == [255, 0, 0, 255])
    }

    @Test func coloursInFoldersAreFoundByNameOrPath() throws {
        #expect(try drawn(Color("Deep"), scheme: .light) == [0, 0, 128, 255])
        #expect(try drawn(Color("Palette/Deep"), scheme: .light) == [0, 0, 128, 255])
    }

    @Test func aMissingNameDrawsClearAndWarnsOnce() throws {
        let name = "NoSuchColour\(UUID().uuidString.prefix(6))"
        #expect(try drawn(Color(name), scheme: .light) == [0, 0, 0, 0])
        #expect(try drawn(Color(name), scheme: .dark) == [0, 0, 0, 0])
        let warnings = AssetCatalogs.warnings.filter { $0.contains("'\(name)'") }
        #expect(warnings == ["No color named '\(name)' found in asset catalog (searched \(Self.catalog.path)); it draws clear."])
    }

    @Test func anUnreadableColourSetDrawsClearAndSaysWhy() throws {
        #expect(try drawn(Color("Broken"), scheme: .light) == [0, 0, 0, 0])
        let file = Self.catalog.appendingPathComponent("Broken.colorset/Contents.json").path
        #expect(AssetCatalogs.warnings.contains(
            "The color 'Broken' in \(file) cannot be read: the \"blue\" component blue is not a number, an 8-bit integer or a hex byte; it draws clear."))
    }

    @Test func aBundlesCatalogsAreSearched() throws {
        let bundle = try #require(Bundle(path: packageFile("Fixtures/Assets").path))
        let brand = Color("Brand", bundle: bundle)
        // Found when made: its components are the light appearance.
        #expect(bytes(brand) == [204, 102, 51, 255])
        #expect(try drawn(brand, scheme: .dark, catalogs: []) == [51, 102, 204, 255])
    }

    @Test func theEnvironmentVariableNamesCatalogs() throws {
        setenv(AssetCatalogs.environmentVariable, "/nonexistent.xcassets:" + Self.catalog.path, 1)
        defer { unsetenv(AssetCatalogs.environmentVariable) }
        #expect(try drawn(Color("Brand"), scheme: .dark, catalogs: []) == [51, 102, 204, 255])
    }
}
