@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

@Suite("A layer's filters and blend mode in scene files")
struct LayerFilterFileTests {
    static let everyFilter = #"""
        [{"shadow": {"color": "black", "radius": 8, "x": 0, "y": 4}}, {"blur": 4}, {"brightness": 0.1}, {"contrast": 1.2},
         {"saturation": 0.5}, {"grayscale": 1}, {"hueRotation": 90}, {"colorInvert": 1}, {"colorMultiply": "red"},
         {"colorMatrix": [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]}, "luminanceToAlpha",
         {"alphaThreshold": {"min": 0.5, "max": 1, "color": "red"}}, {"blur": [{"time": 0, "value": 0}, {"time": 1, "value": 6}]}]
        """#

    @Test("Every filter reads, writes back the same, and draws as the canvas's filter of the same name")
    func everyFilter() throws {
        let file = try decodeScene(#"{"size": [120, 80], "scale": 1, "background": "white", "layers": [{"scene": "shape", "#
                                   + ##""size": [40, 20], "fill": "#ff0000", "blend": "multiply", "filters": "## + Self.everyFilter + "}]}")
        #expect(try SceneFile.decode(try file.jsonData()) == file)
        let timeline = try file.makeTimeline()
        #expect(timeline.layers[0].filters.count == 13 && timeline.layers[0].blendMode == .multiply)
        var bitmap = try timeline.makeBitmap()
        timeline.draw(at: 0.5, into: &bitmap)
        #expect(bitmap.drawingIssue == nil)
        // The same filters added to a context, last first, around the same rectangle.
        let reference = try renderReference { context in
            var c = context
            c.blendMode = .multiply
            let filters: [GraphicsContext.Filter] = [
                .shadow(color: .black, radius: 8, x: 0, y: 4), .blur(radius: 4), .brightness(0.1), .contrast(1.2),
                .saturation(0.5), .grayscale(1), .hueRotation(.degrees(90)), .colorInvert(1), .colorMultiply(.red),
                .colorMatrix(ColorMatrix()), .luminanceToAlpha, .alphaThreshold(min: 0.5, max: 1, color: .red), .blur(radius: 3),
            ]
            for filter in filters.reversed() { c.addFilter(filter) }
            c.drawLayer { inner in inner.fill(Path(CGRect(x: 40, y: 30, width: 40, height: 20)), with: .color(pureRed)) }
        }
        #expect(pixelBytes(bitmap) == pixelBytes(reference))
    }

    @Test("An unknown filter or blend mode gets a suggestion")
    func unknownNames() {
        expectInvalidInput("test.json:1:45: layers[0].filters[0].blurr is not a filter. Did you mean 'blur'? Filters: shadow, blur, "
                               + "brightness, contrast, saturation, grayscale, hueRotation, colorInvert, colorMultiply, colorMatrix, "
                               + "luminanceToAlpha, alphaThreshold.",
                           at: inTestFile(1, 45, "layers[0].filters[0].blurr")) {
            _ = try decodeScene(#"{"layers": [{"scene": "shape", "filters": [{"blurr": 4}]}]}"#)
        }
        expectInvalidInput("test.json:1:41: layers[0].blend must be a blend mode: normal, multiply, screen, overlay, darken, lighten, "
                               + "colorDodge, colorBurn, softLight, hardLight, difference, exclusion, hue, saturation, color, "
                               + "luminosity, clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, "
                               + "destinationOut, destinationAtop, xor, plusDarker, plusLighter; it is 'multipy'. Did you mean 'multiply'?",
                           at: inTestFile(1, 41, "layers[0].blend")) {
            _ = try decodeScene(#"{"layers": [{"scene": "shape", "blend": "multipy"}]}"#)
        }
    }

    @Test("A filter's amount out of range names the filter's key")
    func filterLimits() {
        expectInvalidInput("test.json:1:53: layers[0].filters[0].blur must be between 0 and 1000 points; it is -1.",
                           at: inTestFile(1, 53, "layers[0].filters[0].blur")) {
            _ = try decodeScene(#"{"layers": [{"scene": "shape", "filters": [{"blur": -1}]}]}"#).makeTimeline()
        }
    }

    @Test("A colour matrix can be keyframed: halfway between two matrices is their mean")
    func keyframedColorMatrix() throws {
        let identity = "[1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]"
        let grey = "[0.5, 0, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0, 1, 0]"
        let timeline = try decodeScene(#"{"layers": [{"scene": "shape", "fill": "red", "filters": [{"colorMatrix": [{"time": 0, "value": "#
                                       + identity + #"}, {"time": 1, "value": "# + grey + "}]}]}]}").makeTimeline()
        guard case .colorMatrix(let matrix)? = timeline.layers[0].filters.first else {
            Issue.record("not a colour matrix")
            return
        }
        let halfway = matrix.value(at: 0.5)
        #expect(halfway.r1 == 0.75 && halfway.g2 == 0.75 && halfway.b3 == 0.75 && halfway.a4 == 1 && halfway.r2 == 0)
    }
}
