// Ripples from a tap, a drag and a light rain, as a PNG of one moment.
//
// Each touch and each rain drop starts a ring that grows at 40 points per second.

import Flipbook
import Foundation

var touches = TouchScript()
touches.tap(at: CGPoint(x: 120, y: 150), time: 0.2)
touches.drag(from: CGPoint(x: 60, y: 420), to: CGPoint(x: 330, y: 420), start: 0.5, duration: 1)
let rain = RippleRain(rate: 3, duration: 2, area: CGRect(x: 0, y: 0, width: 390, height: 600), seed: 3)
let pond = RipplesScene(ripples: try touches.ripples() + rain.ripples())

let timeline = try Timeline(size: CGSize(width: 390, height: 600), scale: 2, fps: 60, duration: 3,
                            background: .white, layers: [Timeline.Layer(pond)])
try renderStill(timeline, at: 2, to: URL(fileURLWithPath: "ripples.png"))
