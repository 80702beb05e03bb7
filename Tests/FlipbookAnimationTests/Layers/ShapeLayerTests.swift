@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Shape layers draw what the canvas draws for the same shapes, fills and strokes")
struct ShapeLayerTests {
    static let canvas = CGSize(width: 400, height: 200)
    /// The box of a 300 × 80 shape centred on the canvas.
    static let box = CGRect(x: 50, y: 60, width: 300, height: 80)
    static let pink = Color(hex: "#ff2d55")!

    /// The frame at time 0 of a 400 × 200 file with one layer, `layer`'s JSON.
    func frame(_ layer: String, at time: TimeInterval = 0) throws -> Bitmap {
        let file = try decodeScene(#"{"size": [400, 200], "scale": 1, "background": "white", "layers": ["# + layer + "]}")
        let timeline = try file.makeTimeline()
        var bitmap = try timeline.makeBitmap()
        timeline.draw(at: time, into: &bitmap)
        #expect(bitmap.drawingIssue == nil)
        return bitmap
    }

    static let cases: [(json: String, reference: @Sendable (inout CairoCanvas) -> Void)] = [
        (##"{"scene": "shape", "shape": "roundedRect", "size": [300, 80], "cornerRadius": 16, "fill": "#ff2d55"}"##,
         { $0.fill(RoundedRectangle(cornerRadius: 16).path(in: box), with: .color(pink)) }),
        (#"{"scene": "shape", "shape": "roundedRect", "style": "circular", "size": [300, 80], "cornerRadius": 30, "fill": "teal"}"#,
         { $0.fill(RoundedRectangle(cornerRadius: 30, style: .circular).path(in: box), with: .color(.teal)) }),
        (#"{"scene": "shape", "shape": "rect", "size": [300, 80], "fill": "indigo"}"#,
         { $0.fill(Rectangle().path(in: box), with: .color(.indigo)) }),
        (#"{"scene": "shape", "shape": "capsule", "size": [300, 80], "fill": "orange"}"#,
         { $0.fill(Capsule().path(in: box), with: .color(.orange)) }),
        (#"{"scene": "shape", "shape": "circle", "size": [300, 80], "fill": "green"}"#,
         { $0.fill(Circle().path(in: box), with: .color(.green)) }),
        (#"{"scene": "shape", "shape": "ellipse", "size": [300, 80], "fill": "purple", "stroke": {"color": "black", "width": 6}}"#,
         {
             $0.fill(Ellipse().path(in: box), with: .color(.purple))
             $0.stroke(Ellipse().path(in: box), with: .color(.black), style: StrokeStyle(lineWidth: 6))
         }),
        (#"{"scene": "shape", "path": "M0 0 L300 0 L150 80 Z", "stroke": {"color": "blue", "width": 4, "dash": [10, 5], "dashPhase": 3, "cap": "round", "join": "bevel"}}"#,
         {
             let path = Path { p in
                 p.move(to: CGPoint(x: 50, y: 60))
                 p.addLine(to: CGPoint(x: 350, y: 60))
                 p.addLine(to: CGPoint(x: 200, y: 140))
                 p.closeSubpath()
             }
             $0.stroke(path, with: .color(.blue),
                       style: StrokeStyle(lineWidth: 4, lineCap: .round, lineJoin: .bevel, dash: [10, 5], dashPhase: 3))
         }),
        (#"{"scene": "shape", "size": [300, 80], "fill": {"gradient": {"colors": ["red", "blue"], "startPoint": "leading", "endPoint": "trailing"}}}"#,
         {
             $0.fill(Path(box), with: .linearGradient(Gradient(colors: [.red, .blue]), startPoint: CGPoint(x: 50, y: 100),
                                                      endPoint: CGPoint(x: 350, y: 100)))
         }),
        (#"{"scene": "shape", "shape": "circle", "size": [300, 80], "fill": {"gradient": {"kind": "radial", "stops": [{"color": "white", "location": 0}, {"color": "black", "location": 1}], "endRadius": 40}}}"#,
         {
             $0.fill(Circle().path(in: box), with: .radialGradient(Gradient(colors: [.white, .black]),
                                                                  center: CGPoint(x: 200, y: 100), startRadius: 0, endRadius: 40))
         }),
        (#"{"scene": "shape", "shape": "rect", "size": [300, 80], "fill": {"gradient": {"kind": "conic", "colors": ["red", "yellow", "red"], "angle": 90}}}"#,
         {
             $0.fill(Path(box), with: .conicGradient(Gradient(colors: [.red, .yellow, .red]), center: CGPoint(x: 200, y: 100),
                                                     angle: .degrees(90)))
         }),
        (#"{"scene": "shape", "shape": "rect", "size": [300, 80], "trim": [0, 0.5], "stroke": {"color": "red", "width": 8}}"#,
         { $0.stroke(Path(box).trimmedPath(from: 0, to: 0.5), with: .color(.red), style: StrokeStyle(lineWidth: 8)) }),
    ]

    @Test("Each shape, fill and stroke matches the canvas drawing it directly", arguments: 0..<cases.count)
    func matchesCanvas(_ index: Int) throws {
        let (json, reference) = Self.cases[index]
        let bitmap = try frame(json)
        let expected = try renderReference(size: Self.canvas) { reference(&$0) }
        // The box's placement is a whole-point translation, so the same path meets the same pixels:
        // measured, every case is the same bytes (PSNR infinite), though 45 dB would be the fast paths' bar.
        #expect(pixelBytes(bitmap) == pixelBytes(expected), "PSNR \(psnr(bitmap, expected)) dB for \(json)")
        #expect(inkedPixels(bitmap) > 100)
    }

    @Test("A keyframed trim draws the outline on over time")
    func trimDrawsOn() throws {
        let json = #"{"scene": "shape", "shape": "rect", "size": [300, 80], "trim": [{"time": 0, "value": [0, 0]}, {"time": 1, "value": [0, 1]}], "stroke": {"color": "black", "width": 4}}"#
        let start = try frame(json, at: 0), middle = try frame(json, at: 0.5), end = try frame(json, at: 1)
        #expect(inkedPixels(start) == 0)
        #expect(inkedPixels(middle) > 0 && inkedPixels(middle) < inkedPixels(end))
    }

    @Test("Keyframed size, corner radius and fill colour change between frames")
    func keyframedShape() throws {
        let json = ##"{"scene": "shape", "shape": "roundedRect", "size": [{"time": 0, "value": [100, 40]}, {"time": 1, "value": [300, 80]}], "cornerRadius": [{"time": 0, "value": 0}, {"time": 1, "value": 20}], "fill": [{"time": 0, "value": "#ff0000"}, {"time": 1, "value": "#0000ff"}]}"##
        let end = try frame(json, at: 1)
        let expected = try renderReference(size: Self.canvas) {
            $0.fill(RoundedRectangle(cornerRadius: 20).path(in: Self.box), with: .color(Color(red: 0, green: 0, blue: 1)))
        }
        #expect(pixelBytes(end) == pixelBytes(expected), "PSNR \(psnr(end, expected)) dB")
        let start = try frame(json, at: 0)
        #expect(start.pixel(x: 200, y: 100) == pureRed && start.pixel(x: 140, y: 100) == .white)
    }

    @Test("A shape layer round-trips through the file's JSON")
    func roundTrip() throws {
        let json = #"{"layers": [{"scene": "shape", "shape": "roundedRect", "size": [300, 80], "cornerRadius": 16, "fill": {"gradient": {"colors": ["red", "blue"]}}, "stroke": {"color": "black", "width": 2, "dash": [4, 2]}, "trim": [0, 0.5], "position": [10, 20], "anchor": "topLeading", "rotation": 45, "scale": [2, 1], "opacity": [{"time": 0, "value": 0}, {"time": 1, "value": 1}], "blend": "multiply", "filters": [{"shadow": {"color": "black", "radius": 8, "x": 0, "y": 4}}, {"blur": 4}, "luminanceToAlpha"]}]}"#
        let file = try decodeScene(json)
        let again = try SceneFile.decode(try file.jsonData())
        #expect(again == file)
        _ = try file.makeTimeline()
    }

    @Test("Wrong values name their key path and place it in the file")
    func errors() throws {
        expectInvalidInput("test.json:1:52: layers[0].stroke.width must be between 0 and 10000 points; it is -2.",
                           at: inTestFile(1, 52, "layers[0].stroke.width")) {
            _ = try decodeScene(#"{"layers": [{"scene": "shape", "stroke": {"width": -2}, "fill": "red"}]}"#).makeTimeline()
        }
        expectInvalidInput("test.json:1:41: layers[0].shape must be one of rect, roundedRect, capsule, circle, ellipse, path; it is 'cirle'. Did you mean 'circle'?",
                           at: inTestFile(1, 41, "layers[0].shape")) {
            _ = try decodeScene(#"{"layers": [{"scene": "shape", "shape": "cirle"}]}"#)
        }
    }
}
