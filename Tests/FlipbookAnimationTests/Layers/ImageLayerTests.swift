@testable import FlipbookAnimation
import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Image layers decode PNG, JPEG, WebP and SVG once and fit them to their box")
struct ImageLayerTests {
    static let sources = ["wide.png", "wide.jpg", "wide.webp", "wide.svg"]
    static let red = Color(red: 220 / 255, green: 30 / 255, blue: 30 / 255)
    static let blue = Color(red: 40 / 255, green: 60 / 255, blue: 210 / 255)

    /// The 48 × 48 canvas with one image layer of a 48 × 48 box filling it, fitted by `fit`.
    func frame(_ src: String, fit: String) throws -> Bitmap {
        let file = try imageScene(#"{"size": [48, 48], "scale": 1, "background": "white", "layers": [{"scene": "image", "src": ""#
                                  + src + #"", "size": [48, 48], "fit": ""# + fit + #""}]}"#)
        let timeline = try file.makeTimeline()
        var bitmap = try timeline.makeBitmap()
        timeline.draw(at: 0, into: &bitmap)
        #expect(bitmap.drawingIssue == nil)
        return bitmap
    }

    @Test("contain: 48 × 24 centred, white above and below", arguments: sources)
    func contain(_ src: String) throws {
        let b = try frame(src, fit: "contain")
        // The 64 × 32 picture at 0.75: rows 12 ..< 36.
        #expect(b.pixel(x: 1, y: 10) == .white && b.pixel(x: 46, y: 37) == .white)
        #expect(near(b.pixel(x: 1, y: 13), Self.red, 0.05) && near(b.pixel(x: 46, y: 34), Self.blue, 0.05))
        #expect(near(b.pixel(x: 20, y: 24), Self.red, 0.05) && near(b.pixel(x: 28, y: 24), Self.blue, 0.05))
    }

    @Test("cover: 96 × 48 centred and clipped, the red half on the left edge, the blue on the right", arguments: sources)
    func cover(_ src: String) throws {
        let b = try frame(src, fit: "cover")
        #expect(near(b.pixel(x: 0, y: 0), Self.red, 0.05) && near(b.pixel(x: 22, y: 47), Self.red, 0.05))
        #expect(near(b.pixel(x: 47, y: 0), Self.blue, 0.05) && near(b.pixel(x: 26, y: 47), Self.blue, 0.05))
    }

    @Test("fill: stretched to 48 × 48", arguments: sources)
    func fill(_ src: String) throws {
        let b = try frame(src, fit: "fill")
        #expect(near(b.pixel(x: 0, y: 0), Self.red, 0.05) && near(b.pixel(x: 0, y: 47), Self.red, 0.05))
        #expect(near(b.pixel(x: 47, y: 0), Self.blue, 0.05) && near(b.pixel(x: 47, y: 47), Self.blue, 0.05))
        #expect(near(b.pixel(x: 22, y: 24), Self.red, 0.05) && near(b.pixel(x: 25, y: 24), Self.blue, 0.05))
    }

    @Test("none: 64 × 32 at its natural size, centred and clipped to the box", arguments: sources)
    func none(_ src: String) throws {
        let b = try frame(src, fit: "none")
        // Columns −8 ..< 56, rows 8 ..< 40: the halves meet at x = 24.
        #expect(b.pixel(x: 0, y: 6) == .white && b.pixel(x: 47, y: 41) == .white)
        #expect(near(b.pixel(x: 0, y: 9), Self.red, 0.05) && near(b.pixel(x: 22, y: 38), Self.red, 0.05))
        #expect(near(b.pixel(x: 26, y: 9), Self.blue, 0.05) && near(b.pixel(x: 47, y: 38), Self.blue, 0.05))
    }

    @Test("Without a size the box is the image's natural size, SVG's its intrinsic size", arguments: sources)
    func naturalSize(_ src: String) throws {
        let picture = try ImageScene.Picture(contentsOf: imagesDirectory.appendingPathComponent(src))
        #expect(picture.size == CGSize(width: 64, height: 32))
        #expect(ImageScene(picture).boxSize(canvas: CGSize(width: 500, height: 500), time: 0) == CGSize(width: 64, height: 32))
    }

    @Test("An SVG is drawn as vectors: scaled up 8 times, its halves still meet in one pixel column")
    func svgIsCrisp() throws {
        let picture = try ImageScene.Picture(contentsOf: imagesDirectory.appendingPathComponent("wide.svg"))
        var layer = Timeline.Layer(ImageScene(picture))
        layer.scale = Keyframed(CGSize(width: 8, height: 8))
        let b = try renderLayers([layer], size: CGSize(width: 120, height: 80))
        // The canvas centre is the picture's centre, where red meets blue.
        #expect(b.pixel(x: 59, y: 40) == Self.red && b.pixel(x: 60, y: 40) == Self.blue)
    }

    @Test("An SVG layer matches the same document drawn with the canvas's draw(_:in:)")
    func svgMatchesCanvas() throws {
        let svg = try SVGImage(contentsOf: imagesDirectory.appendingPathComponent("logo.svg"))
        var layer = Timeline.Layer(ImageScene(.svg(svg)))
        layer.rotation = Keyframed(.degrees(30))
        let b = try renderLayers([layer], size: CGSize(width: 200, height: 200))
        let expected = try renderReference(size: CGSize(width: 200, height: 200)) { context in
            context.translateBy(x: 100, y: 100)
            context.rotate(by: .degrees(30))
            context.draw(svg, in: CGRect(x: -60, y: -60, width: 120, height: 120))
        }
        #expect(pixelBytes(b) == pixelBytes(expected))
        #expect(inkedPixels(b) > 5000)
    }

    @Test("A missing image is an error naming the file and the key path, at its place in the file")
    func missingImage() throws {
        let path = imagesDirectory.appendingPathComponent("missing.png").standardizedFileURL.path
        expectInvalidInput("test.json:1:74: layers[1].src names the image \(path), which does not exist.",
                           at: inTestFile(1, 74, "layers[1].src")) {
            _ = try imageScene(#"{"layers": [{"scene": "shape", "fill": "red"}, {"scene": "image", "src": "missing.png"}]}"#)
                .makeTimeline()
        }
    }

    @Test("An image that does not decode is an error naming the file, why, and the key path")
    func undecodableImage() throws {
        let path = imagesDirectory.appendingPathComponent("not-an-image.png").standardizedFileURL.path
        expectInvalidInput("test.json:1:39: layers[0].src names \(path), which is not a PNG, JPEG, WebP or SVG image "
                               + "Flipbook can decode (\(path) is not an image Flipbook recognises; Flipbook draws PNG, JPEG and WebP images).",
                           at: inTestFile(1, 39, "layers[0].src")) {
            _ = try imageScene(#"{"layers": [{"scene": "image", "src": "not-an-image.png"}]}"#).makeTimeline()
        }
    }
}

@Suite("Images are decoded once per timeline, and scenes made in Swift are checked like files")
struct ImageDecodingOnceTests {
    @Test("Two image layers of one file share one decoded bitmap")
    func decodedOnce() throws {
        let timeline = try imageScene(#"""
            {"layers": [{"scene": "image", "src": "wide.png"}, {"scene": "image", "src": "./wide.png", "fit": "cover"}]}
            """#).makeTimeline()
        func pixels(_ layer: Timeline.Layer) -> UnsafeRawPointer? {
            guard case .bitmap(let bitmap)? = (layer.scene as? ImageScene)?.picture else { return nil }
            return bitmap.withUnsafeBytes { bytes, _ in bytes.baseAddress }
        }
        let first = pixels(timeline.layers[0]), second = pixels(timeline.layers[1])
        #expect(first != nil && first == second)
    }

    @Test("A shape scene made in Swift with a bad size is refused by the timeline, naming the layer's key")
    func swiftScenesAreChecked() {
        let shape = ShapeScene(.rect, size: Keyframed(CGSize(width: -1, height: 10)), fill: .color(Keyframed(.red)))
        expectInvalidInput("layers[0].size must be a size with each side between 0 and 100000 points; it is [-1, 10].",
                           at: .init(keyPath: "layers[0].size")) {
            _ = try Timeline(size: CGSize(width: 10, height: 10), duration: 1, layers: [Timeline.Layer(shape)])
        }
        let group = GroupScene(layers: [Timeline.Layer(shape)])
        expectInvalidInput("layers[0].layers[0].size must be a size with each side between 0 and 100000 points; it is [-1, 10].",
                           at: .init(keyPath: "layers[0].layers[0].size")) {
            _ = try Timeline(size: CGSize(width: 10, height: 10), duration: 1, layers: [Timeline.Layer(group)])
        }
    }
}

@Suite("SVG images in vector stills")
struct SVGVectorStillTests {
    @Test("An SVG image drawn into an SVG still stays vectors, not an embedded picture")
    func staysVector() throws {
        let svg = try SVGImage(contentsOf: imagesDirectory.appendingPathComponent("logo.svg"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("still.svg")
        try Bitmap.writeVector(to: url, format: .svg, size: CGSize(width: 200, height: 200)) { context, _ in
            context.rotate(by: .degrees(10))
            context.draw(svg, in: CGRect(x: 40, y: 40, width: 120, height: 120))
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(!text.contains("<image") && text.contains("<path"))
    }
}
