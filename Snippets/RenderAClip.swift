// Renders a ripple under a confetti burst as a three-second MP4 clip, and one frame of it as a PDF.
//
// `Timeline` checks its values when it is made, so `try Timeline(...)` throws a `FlipbookError`
// naming the bad parameter (`fps`, `duration`, ...) instead of failing halfway through a render.

import Flipbook
import Foundation

var timeline = try Timeline(
    size: CGSize(width: 390, height: 844), scale: 2, fps: 60, duration: 3, background: .white,
    layers: [
        Timeline.Layer(RipplesScene(ripples: [Ripple(center: CGPoint(x: 195, y: 400), start: 0, color: RipplesScene.palette[0])])),
        Timeline.Layer(try ConfettiScene(bursts: [ConfettiBurst()], seed: 7)),   // aims at the canvas
    ])
// snippet.hide
// The test suite runs this snippet with FLIPBOOK_SNIPPET_PREVIEW set: the same code, a smaller and shorter clip.
if ProcessInfo.processInfo.environment["FLIPBOOK_SNIPPET_PREVIEW"] != nil {
    timeline.scale = 0.25
    timeline.duration = 1
}
// snippet.show
try render(timeline, to: URL(fileURLWithPath: "party.mp4"))                         // H.264 High, yuv420p, BT.709
try renderStill(timeline, at: 0.8, to: URL(fileURLWithPath: "party.pdf"))           // .png, .pdf or .svg
