import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// `Fixtures/Lottie/moving-box.json` rendered on its own (200 × 100, 30 fps, 30 frames, transparent):
/// a 40 × 40 red box at x 20 + 4k … 60 + 4k, y 30 … 70 on Lottie frame k, nothing else.
@Suite("Lottie animations rendered to transparent video")
struct LottieRenderTests {
    static let box = ReferenceImages.fixturesDirectory.appendingPathComponent("Lottie/moving-box.json")

    @Test("ProRes 4444 and VP9 with alpha are byte-reproducible and decode with the box opaque and the rest clear",
          arguments: [("clip.mov", "prores"), ("clip.webm", "vp9")])
    func transparentVideo(file: String, codecName: String) throws {
        let scratch = try TemporaryDirectory("lottie-render")
        let timeline = try SceneFile.lottie(contentsOf: Self.box).makeTimeline()
        #expect(timeline.background == nil)
        let first = scratch.file("first-" + file), second = scratch.file("second-" + file)
        let report = try render(timeline, to: first, workers: 2)
        try render(timeline, to: second, workers: 1)
        #expect(report.format?.keepsAlpha == true)
        #expect(try Data(contentsOf: first) == Data(contentsOf: second))

        let clip = try decodeClip(first)
        #expect(clip.codecName == codecName)
        #expect(clip.frameCount == 30)
        // The decoded frames carry an alpha plane (ProRes 4444: yuva444p12le; VP9 through libvpx: yuva420p).
        #expect(clip.framePixelFormat.hasPrefix("yuva"), "\(clip.framePixelFormat)")
        for k in [0, 15, 29] {
            let picture = clip.frames[k]
            #expect(picture.width == 200 && picture.height == 100)
            let left = 20 + 4 * k
            let inside = picture.pixel(left + 20, 50)
            #expect(inside.a == 255 && inside.r >= 240 && inside.g <= 20 && inside.b <= 20, "frame \(k): \(inside)")
            for (x, y) in [(2, 2), (197, 97), (left + 20, 20), (left + 20, 80), (left - 6, 50), (left + 46, 50)]
                where (0..<200).contains(x) {
                #expect(picture.pixel(x, y).a == 0, "frame \(k) at (\(x), \(y)): \(picture.pixel(x, y))")
            }
        }
    }
}
