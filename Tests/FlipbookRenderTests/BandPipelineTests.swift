import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookRender
import FlipbookVideo
import Foundation
import Testing

/// The render's workers draw planned frames in bands and convert each band as it is finished; the
/// frames they hand over are those of drawing each shape when it comes and converting afterwards.
@Suite("Render pipeline in bands")
struct BandPipelineTests {
    func frames(_ timeline: Timeline, bands: Bool, workers: Int) throws -> [[[UInt8]]] {
        let pipeline = RenderPipeline(timeline: timeline, frames: 0...(timeline.frameCount - 1), pixelFormat: .yuv420p,
                                      background: .white, output: URL(fileURLWithPath: "/tmp/bands.mp4"), depth: 4)
        pipeline.drawsInBands = bands
        pipeline.start(workers: workers)
        defer { pipeline.stopAndJoin() }
        var planes: [[[UInt8]]] = []
        for index in 0..<timeline.frameCount {
            let frame = try pipeline.takeFrame(index)
            planes.append(frame.planes)
            pipeline.recycle(frame, encoded: index)
        }
        return planes
    }

    @Test func bandsGiveTheFramesOfDrawingShapeByShape() throws {
        let ripples = (0..<30).map { (k: Int) -> Ripple in
            let center = CGPoint(x: CGFloat(40 + 9 * k), y: CGFloat(30 + 5 * k))
            return Ripple(center: center, start: Double(k) / 60, color: RipplesScene.palette[k % 6])
        }
        let scenes: [any Scene] = [
            try ConfettiScene(size: CGSize(width: 320, height: 230), bursts: [ConfettiBurst(count: 300)], seed: 3),
            RipplesScene(ripples: ripples, maximumNumberOfRipples: 30),
        ]
        for scene in scenes {
            let timeline = try Timeline(size: CGSize(width: 320, height: 230), scale: 1, fps: 30, duration: 0.5,
                                        background: .white, layers: [Timeline.Layer(scene)])
            let planned = try frames(timeline, bands: true, workers: 2)
            let immediate = try frames(timeline, bands: false, workers: 1)
            #expect(planned.count == timeline.frameCount)
            for index in planned.indices {
                #expect(planned[index] == immediate[index], "\(type(of: scene)) frame \(index)")
            }
            // Frames that differ from one another: the comparison is not of blank pictures.
            #expect(Set(planned.map { $0[0] }).count > timeline.frameCount / 2)
        }
    }
}
