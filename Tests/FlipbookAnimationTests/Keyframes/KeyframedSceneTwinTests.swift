import FlipbookAnimation
import FlipbookDrawing
import FlipbookSceneFile
import Foundation
import Testing

/// A scene file's keyframes and the same motion written in Swift with SwiftUI's keyframe types draw
/// the same bytes: the file is a way of writing the Swift, not an approximation of it.
@Suite struct KeyframedSceneTwinTests {
    static let file = """
        {"size": [200, 120], "scale": 1, "fps": 10, "duration": 2, "background": "white",
         "layers": [{"scene": "shape", "shape": "rect", "size": [40, 20],
                     "position": [{"time": 0, "value": [50, 50]},
                                  {"time": 1, "value": [150, 80], "curve": "easeOut"},
                                  {"time": 1.6, "value": [100, 60], "spring": {"duration": 0.5, "bounce": 0.3}}],
                     "fill": [{"time": 0.2, "value": "red"}, {"time": 1.2, "value": "blue", "curve": "easeInOut"}]}]}
        """

    /// The rectangle as a Swift scene: its centre and colour from `KeyframeTimeline`s.
    struct Twin: Scene {
        let centre = KeyframeTimeline(initialValue: CGPoint(x: 50, y: 50)) {
            LinearKeyframe(CGPoint(x: 150, y: 80), duration: 1, timingCurve: .easeOut)
            SpringKeyframe(CGPoint(x: 100, y: 60), duration: 0.6, spring: Spring(duration: 0.5, bounce: 0.3))
        }
        let colour = KeyframeTimeline(initialValue: Color.red) {
            LinearKeyframe(Color.red, duration: 0.2)
            LinearKeyframe(Color.blue, duration: 1, timingCurve: .easeInOut)
        }

        func draw(in context: inout GraphicsContext, size: CGSize, time: TimeInterval) {
            let p = centre.value(time: time)
            var placed = context
            placed.translateBy(x: p.x - 20, y: p.y - 10)
            placed.fill(Path(CGRect(x: 0, y: 0, width: 40, height: 20)), with: .color(colour.value(time: time)))
        }
    }

    @Test(arguments: [0, 3, 5, 9, 10, 12, 14, 16, 19])
    func theFileAndItsSwiftTwinDrawTheSameBytes(frame: Int) throws {
        let fromFile = try SceneFile.decode(Data(Self.file.utf8), source: "twin.json").makeTimeline()
        let inSwift = try Timeline(size: CGSize(width: 200, height: 120), scale: 1, fps: 10, duration: 2,
                                   background: .white, layers: [Timeline.Layer(Twin())])
        var a = try fromFile.makeBitmap(), b = try inSwift.makeBitmap()
        fromFile.draw(frame: frame, into: &a)
        inSwift.draw(frame: frame, into: &b)
        #expect(try a.pngData() == b.pngData())
        // The picture moves: the rectangle is somewhere else at the end than at the start.
        if frame == 10 { #expect(a.pixel(x: 150, y: 80) != Color.white && a.pixel(x: 50, y: 50) == Color.white) }
    }
}
