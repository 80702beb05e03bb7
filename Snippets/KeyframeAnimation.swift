// Moves a shape with SwiftUI's keyframes: Apple's documentation example, unchanged, drives a scene.
//
// A keyframe timeline is a pure function of time, so the scene can draw any frame alone.

import Flipbook
import Foundation

struct AnimationValues {
    var scale = 1.0
    var verticalStretch = 1.0
    var verticalTranslation = 0.0
    var angle = Angle.zero
}

let timeline = KeyframeTimeline(initialValue: AnimationValues()) {
    KeyframeTrack(\.scale) {
        LinearKeyframe(1.0, duration: 0.36)
        SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
        SpringKeyframe(1.0, spring: .bouncy)
    }
    KeyframeTrack(\.verticalTranslation) {
        LinearKeyframe(0.0, duration: 0.1)
        SpringKeyframe(20.0, duration: 0.15, spring: .bouncy)
        SpringKeyframe(-60.0, duration: 0.25, spring: .smooth)
        SpringKeyframe(0.0, spring: .bouncy)
    }
    KeyframeTrack(\.angle) {
        CubicKeyframe(.zero, duration: 0.58)
        CubicKeyframe(.degrees(16), duration: 0.125)
        CubicKeyframe(.degrees(-16), duration: 0.125)
        CubicKeyframe(.degrees(16), duration: 0.125)
        CubicKeyframe(.zero, duration: 0.125)
    }
}
let v = timeline.value(time: 1.2)

// The values move a rounded square about the middle of the canvas.
struct Hop: Scene {
    let keyframes: KeyframeTimeline<AnimationValues>

    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        let values = keyframes.value(time: time)
        var square = context
        square.translateBy(x: size.width / 2, y: size.height / 2 + values.verticalTranslation)
        square.rotate(by: values.angle)
        square.scaleBy(x: values.scale, y: values.scale * values.verticalStretch)
        square.fill(Path(roundedRect: CGRect(x: -40, y: -40, width: 80, height: 80), cornerRadius: 16),
                    with: .color(.indigo))
    }
}

let clip = try Timeline(size: CGSize(width: 240, height: 240), scale: 2, fps: 30, duration: timeline.duration,
                        background: .white, layers: [Timeline.Layer(Hop(keyframes: timeline))])
print("at 1.2 s: scale \(v.scale), translation \(v.verticalTranslation), angle \(v.angle.degrees)")
try renderStill(clip, at: 1.2, to: URL(fileURLWithPath: "keyframes.png"))
