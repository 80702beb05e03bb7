import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// Sparse confetti over a background, as in the seed workload: a default burst and a second one of
/// `secondBurst` pieces at 0.3 s, at 30 fps; sizes that are not multiples of a tile give partial tiles.
func sparseConfetti(width: Int, height: Int, background: Color?, secondBurst: Int, seed: UInt64,
                    duration: TimeInterval) throws -> Timeline {
    let scene = try ConfettiScene(bursts: [ConfettiBurst(), ConfettiBurst(time: 0.3, count: secondBurst)], seed: seed)
    return try Timeline(size: CGSize(width: width, height: height), fps: 30, duration: duration, background: background,
                        layers: [Timeline.Layer(scene)])
}
