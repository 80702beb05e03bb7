import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// `--color-scheme` and a scene file's `colorScheme`, through the real `flipbook` process.
@Suite("flipbook --color-scheme")
struct ColorSchemeToolTests {
    /// The first pixel of the still `scene.json` gives with `arguments`.
    private func firstPixel(_ scene: String, _ arguments: [String]) throws -> Color {
        let scratch = try TemporaryDirectory.cli()
        try scratch.write("scene.json", scene)
        let run = try Tool.run(["still", scratch.path("scene.json"), "-o", scratch.path("x.png")] + arguments)
        #expect(run.status == 0, "\(run.error)")
        return try Bitmap(contentsOfPNG: scratch.file("x.png")).pixel(x: 0, y: 0)
    }

    @Test func theFlagOrTheFileMakesSemanticColoursDark() throws {
        let light = #"{"size": [4, 4], "scale": 1, "background": "primary"}"#
        #expect(try firstPixel(light, []) == .black)
        #expect(try firstPixel(light, ["--color-scheme", "dark"]) == .white)
        let dark = #"{"size": [4, 4], "scale": 1, "colorScheme": "dark", "background": "primary"}"#
        #expect(try firstPixel(dark, []) == .white)
        #expect(try firstPixel(dark, ["--color-scheme", "light"]) == .black)
    }

    @Test func anUnknownSchemeIsAUsageError() throws {
        let run = try Tool.run(["still", "confetti", "--color-scheme", "dusk", "-o", "/nonexistent/x.png"])
        #expect(run.status == 2)
        #expect(run.error.contains("--color-scheme"), "\(run.error)")
    }

    @Test func assetCatalogsAreRelativeToTheSceneFile() throws {
        let scratch = try TemporaryDirectory.cli()
        try FileManager.default.createDirectory(at: scratch.file("scenes"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageFile("Fixtures/Assets/Test.xcassets"),
                                         to: scratch.file("scenes/Colors.xcassets"))
        try scratch.write("scenes/scene.json", #"{"size": [4, 4], "scale": 1, "assets": ["Colors.xcassets"]}"#)
        // Run from the scratch folder, not the scene's: the catalog is still found.
        let run = try Tool.run(["still", "scenes/scene.json", "-o", "x.png"], in: scratch.url)
        #expect(run.status == 0, "\(run.error)")
        try scratch.write("scenes/missing.json", #"{"size": [4, 4], "scale": 1, "assets": ["None.xcassets"]}"#)
        let missing = try Tool.run(["still", "scenes/missing.json", "-o", "y.png"], in: scratch.url)
        #expect(missing.status == 2)
        #expect(missing.error.contains("assets[0] must be an asset catalog folder (.xcassets); it is "
            + scratch.file("scenes/None.xcassets").standardizedFileURL.path), "\(missing.error)")
    }
}
