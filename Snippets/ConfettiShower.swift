// Two bursts and a light shower of confetti over a dark background, as a PNG of one moment.
//
// Every random choice comes from `seed`: the same seed draws the same picture.

import Flipbook
import Foundation

let confetti = try ConfettiScene(
    bursts: [ConfettiBurst(count: 60),                                        // the cannon below the canvas
             ConfettiBurst(time: 0.5, count: 40, emitter: .point(at: .center))],
    emissions: [ConfettiEmission(rate: 20, duration: 2)],                     // rain from above the top edge
    seed: 7)
let timeline = try Timeline(size: CGSize(width: 390, height: 600), scale: 2, fps: 30, duration: 2,
                            background: Color(hex: "#1c1c1e"), layers: [Timeline.Layer(confetti)])
try renderStill(timeline, at: 0.9, to: URL(fileURLWithPath: "confetti.png"))
