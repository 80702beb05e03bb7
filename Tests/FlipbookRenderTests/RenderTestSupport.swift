import Flipbook
import Foundation

/// A red rectangle moving right at 100 points per second over a white background.
struct MovingRect: Scene {
    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        context.fill(Path(CGRect(x: 10 + time * 100, y: size.height / 3, width: 40, height: 30)), with: .color(.red))
    }
}

/// Draws a shape with a NaN coordinate from `badFrom` seconds on, which the canvas records as a
/// drawing issue.
struct BreaksLater: Scene {
    var badFrom: TimeInterval
    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        let x = time >= badFrom ? CGFloat.nan : 10
        context.fill(Path(CGRect(x: x, y: 10, width: 20, height: 20)), with: .color(.blue))
    }
}

func movingRectTimeline(width: CGFloat = 160, height: CGFloat = 90, fps: FrameRate = 30, duration: TimeInterval = 1,
                        background: Color? = .white) throws -> Timeline {
    try Timeline(size: CGSize(width: width, height: height), fps: fps, duration: duration,
             background: background, layers: [Timeline.Layer(MovingRect())])
}

