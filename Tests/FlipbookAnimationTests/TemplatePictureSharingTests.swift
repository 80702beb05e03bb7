@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// A template batch decodes each picture once for all its rows: the rows of a file made with
/// `sharingPictures()` draw the picture as it was first decoded, even after the file changes.
@Suite struct TemplatePictureSharingTests {
    func square(_ color: Color) throws -> Data {
        var bitmap = try Bitmap(width: 4, height: 4)
        bitmap.draw(background: color) { _, _ in }
        return try bitmap.pngData()
    }

    func centre(of file: SceneFile) throws -> Color {
        let timeline = try file.makeTimeline()
        var bitmap = try timeline.makeBitmap()
        timeline.draw(frame: 0, into: &bitmap)
        return bitmap.pixel(x: 10, y: 10)
    }

    @Test func rowsOfASharingTemplateDecodeEachPictureOnce() throws {
        let scratch = try TemporaryDirectory("picture-sharing")
        try square(.red).write(to: scratch.file("logo.png"))
        let template = try scratch.write("card.json", """
            {"parameters": {"name": {"type": "string", "default": "x"}},
             "size": [20, 20], "scale": 1, "duration": 1,
             "layers": [{"scene": "image", "src": "logo.png", "size": [20, 20]}]}
            """)
        let shared = try SceneFile(contentsOf: URL(fileURLWithPath: template)).sharingPictures()
        let alone = try SceneFile(contentsOf: URL(fileURLWithPath: template))
        #expect(try centre(of: shared.with(["name": "a"])) == .red)
        try square(.blue).write(to: scratch.file("logo.png"))
        #expect(try centre(of: shared.with(["name": "b"])) == .red)
        #expect(try centre(of: alone.with(["name": "b"])) == .blue)
    }
}
