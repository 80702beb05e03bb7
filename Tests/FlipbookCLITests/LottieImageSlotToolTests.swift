import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// A template batch gives a Lottie image slot a different picture per row.
@Suite struct LottieImageSlotToolTests {
    @Test func eachRowDrawsItsOwnImage() throws {
        let scratch = try TemporaryDirectory.cli()
        let fixture = LottieToolTests.folder.appendingPathComponent("image-slot.json")
        try FileManager.default.copyItem(at: fixture, to: scratch.file("card.json"))
        let colors: [(String, Color)] = [("red", .red), ("green", .green), ("blue", .blue)]
        try FileManager.default.createDirectory(at: scratch.file("photos"), withIntermediateDirectories: true)
        for (name, color) in colors {
            var bitmap = try Bitmap(width: 40, height: 40)
            bitmap.draw(background: color) { _, _ in }
            try bitmap.writePNG(to: scratch.file("photos/\(name).png"))
        }
        try scratch.write("template.json", """
            {"size": [200, 100], "scale": 1, "duration": 0.5, "background": "white",
             "parameters": {"photo": {"type": "image", "default": "photos/red.png"}},
             "layers": [{"scene": "lottie", "src": "card.json", "slots": {"photo": {"image": "{{photo}}"}}}]}
            """)
        try scratch.write("rows.csv", "id,photo\n" + colors.map { "\($0.0),photos/\($0.0).png" }.joined(separator: "\n") + "\n")
        let batch = try Tool.run(["batch", "--template", "template.json", "--data", "rows.csv", "-o", "out/{{id}}.png"], in: scratch.url)
        #expect(batch.status == 0, "\(batch.error)")
        for (name, color) in colors {
            let still = try Bitmap(contentsOfPNG: scratch.file("out/\(name).png"))
            // The image layer's picture spans x 20 … 60, y 30 … 70, over white at 253/255 opacity.
            let probe = still.pixel(x: 40, y: 50)
            let expected = [color.red, color.green, color.blue].map { $0 * 253 / 255 + 2 / 255 }
            #expect(zip([probe.red, probe.green, probe.blue], expected).allSatisfy { abs($0 - $1) <= 2 / 255 }, "\(name): \(probe), expected \(expected)")
            #expect(still.pixel(x: 100, y: 50) == .white, "\(name)")
        }
        let outside = try Tool.run(["still", "template.json", "-o", "x.png", "--set", "photo=../x.png"], in: scratch.url)
        #expect(outside.status == 2)
        #expect(outside.error.contains("layers[0].slots.photo must name an image inside the scene file's folder"), "\(outside.error)")
    }

    @Test func anImageOutsideTheScenesFolderIsRefused() throws {
        let scratch = try TemporaryDirectory.cli()
        try FileManager.default.copyItem(at: LottieToolTests.folder.appendingPathComponent("image-slot.json"), to: scratch.file("card.json"))
        var bitmap = try Bitmap(width: 40, height: 40)
        bitmap.draw(background: .red) { _, _ in }
        let elsewhere = try TemporaryDirectory.cli()
        try bitmap.writePNG(to: elsewhere.file("red.png"))
        let scene = try scratch.write("scene.json", """
            {"size": [200, 100], "duration": 0.5, "layers": [
              {"scene": "lottie", "src": "card.json", "slots": {"photo": {"image": "\(elsewhere.path("red.png"))"}}}]}
            """)
        let run = try Tool.run(["still", scene, "-o", "out.png"], in: scratch.url)
        #expect(run.status == 2)
        let folder = scratch.url.resolvingSymlinksInPath().path
        #expect(run.error.contains("layers[0].slots.photo must name an image inside the scene file's folder (\(folder)); "
                    + "it is \(elsewhere.url.resolvingSymlinksInPath().path)/red.png."), "\(run.error)")
    }
}
