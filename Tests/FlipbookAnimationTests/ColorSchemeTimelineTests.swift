import FlipbookAnimation
import FlipbookDrawing
import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// Fills its canvas's left half with `.primary` and its right half with the asset colour `Brand`.
private struct SemanticHalves: Scene {
    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        context.fill(Path(CGRect(x: 0, y: 0, width: size.width / 2, height: size.height)), with: .color(.primary))
        context.fill(Path(CGRect(x: size.width / 2, y: 0, width: size.width / 2, height: size.height)),
                     with: .color(Color("Brand")))
    }
}

@Suite("Colour scheme and asset catalogs of timelines")
struct ColorSchemeTimelineTests {
    private func halves(_ timeline: Timeline) throws -> [[Int]] {
        var timeline = timeline
        timeline.layers = [Timeline.Layer(SemanticHalves())]
        var bitmap = try Bitmap(width: timeline.pixelWidth, height: timeline.pixelHeight)
        timeline.draw(frame: 0, into: &bitmap)
        return [bitmap.pixel(x: 1, y: 1), bitmap.pixel(x: 6, y: 1)].map { c in
            [c.red, c.green, c.blue, c.opacity].map { Int(($0 * 255).rounded()) }
        }
    }

    @Test func aTimelineDrawsInItsColourScheme() throws {
        var timeline = try Timeline(size: CGSize(width: 8, height: 4), duration: 1)
        timeline.assetCatalogs = [packageFile("Fixtures/Assets/Test.xcassets")]
        #expect(try halves(timeline) == [[0, 0, 0, 255], [204, 102, 51, 255]])
        timeline.colorScheme = .dark
        #expect(try halves(timeline) == [[255, 255, 255, 255], [51, 102, 204, 255]])
    }

    @Test func aSceneFileSaysDarkAndNamesCatalogsRelativeToItself() throws {
        let folder = try TemporaryDirectory("color-scheme")
        try FileManager.default.copyItem(at: packageFile("Fixtures/Assets/Test.xcassets"), to: folder.file("Colors.xcassets"))
        try folder.write("scene.json", #"{"size": [8, 4], "scale": 1, "colorScheme": "dark", "assets": ["Colors.xcassets"]}"#)
        let file = try SceneFile.load(from: folder.file("scene.json"))
        #expect(file.colorScheme == .dark && file.assets == ["Colors.xcassets"])
        let timeline = try file.makeTimeline()
        #expect(timeline.colorScheme == .dark)
        #expect(timeline.assetCatalogs == [folder.file("Colors.xcassets").standardizedFileURL])
        #expect(try halves(timeline) == [[255, 255, 255, 255], [51, 102, 204, 255]])
        // Written back, the keys are kept.
        #expect(try SceneFile.decode(file.jsonData()) == file)
    }

    @Test func theSchemeIsLightByDefault() throws {
        let timeline = try decodeScene(#"{"size": [8, 4]}"#).makeTimeline()
        #expect(timeline.colorScheme == .light && timeline.assetCatalogs.isEmpty)
    }

    @Test func aMisspeltSchemeOrAMissingCatalogIsAnError() throws {
        guard let scheme = expectFlipbookError(.invalidInput, { _ = try decodeScene(#"{"colorScheme": "night"}"#) }) else { return }
        #expect(scheme.description.contains("colorScheme"), "\(scheme.description)")
        expectInvalidInput(
            "test.json:2:12: assets[0] must be an asset catalog folder (.xcassets); it is /nonexistent/A.xcassets, which is not a folder.",
            at: inTestFile(2, 12, "assets[0]")
        ) {
            _ = try decodeScene("{\n\"assets\": [\"/nonexistent/A.xcassets\"]}").makeTimeline()
        }
    }
}

@Suite("Semantic colour names in scene files")
struct SemanticColorNameTests {
    @Test func semanticNamesFollowTheFilesScheme() throws {
        let json = #"{"size": [4, 4], "scale": 1, "colorScheme": "dark", "background": "primary"}"#
        let file = try decodeScene(json)
        #expect(file.background == .primary)
        let timeline = try file.makeTimeline()
        var bitmap = try Bitmap(width: 4, height: 4)
        timeline.draw(frame: 0, into: &bitmap)
        #expect(bitmap.pixel(x: 1, y: 1) == .white)
        // Written back by name, so the colour stays semantic.
        #expect(String(decoding: try file.jsonData(), as: UTF8.self).contains(#""background": "primary""#))
        #expect(Color(named: "ACCENTCOLOR") == .accentColor && Color(named: "secondary") == .secondary)
        #expect(String(decoding: try JSONEncoder().encode([Color.accentColor, .red]), as: UTF8.self) == ##"["accentColor","#ff3b30"]"##)
    }
}
