// Writes a scene of your own: a dot that circles the canvas once a second.
//
// A scene is a pure function of time, so any frame can be drawn alone, in any order, on any thread.

import Flipbook
import Foundation

struct Orbit: Scene {
    var color: Color = .orange

    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        let center = CGPoint(x: size.width / 2, y: size.height / 2)
        let radius = min(size.width, size.height) / 3
        context.stroke(Path(ellipseIn: CGRect(x: center.x - radius, y: center.y - radius,
                                              width: 2 * radius, height: 2 * radius)),
                       with: .color(.gray.opacity(0.5)), lineWidth: 2)
        var dot = context
        dot.translateBy(x: center.x, y: center.y)
        dot.rotate(by: .degrees(360 * time))
        dot.fill(Path(ellipseIn: CGRect(x: radius - 12, y: -12, width: 24, height: 24)), with: .color(color))
    }
}

let timeline = try Timeline(size: CGSize(width: 320, height: 320), scale: 2, fps: 29.97, duration: 1,
                            background: .white, layers: [Timeline.Layer(Orbit())])
print("\(timeline.frameCount) frames of \(timeline.pixelWidth)×\(timeline.pixelHeight) pixels at \(timeline.fps) fps")
try renderStill(timeline, at: 0.25, to: URL(fileURLWithPath: "orbit.png"))   // a quarter turn: the dot at the bottom
