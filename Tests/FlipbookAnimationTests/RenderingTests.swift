@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// The canvas the reference frames use: 240 × 160 points at 1 pixel per point.
let smallCanvas = CGSize(width: 240, height: 160)

/// Draws `scene` alone at `time` over white.
func render(_ scene: any Scene, at time: TimeInterval, size: CGSize = smallCanvas, scale: CGFloat = 1) throws -> Bitmap {
    let timeline = try Timeline(size: size, scale: scale, duration: 10, background: .white, layers: [Timeline.Layer(scene)])
    var bitmap = try timeline.makeBitmap()
    timeline.draw(at: time, into: &bitmap)
    #expect(bitmap.drawingIssue == nil)
    return bitmap
}

/// The raw pixel bytes, for exact comparisons.
func pixelBytes(_ bitmap: Bitmap) -> [UInt8] {
    bitmap.withUnsafeBytes { bytes, _ in Array(bytes) }
}

/// How many pixels are not white.
func inkedPixels(_ bitmap: Bitmap) -> Int {
    var count = 0
    for y in 0..<bitmap.height {
        for x in 0..<bitmap.width where bitmap.pixel(x: x, y: y) != .white { count += 1 }
    }
    return count
}

/// The ripples of the reference frames: a tap, a second finger joining a first, a drag, and a
/// seeded rain of drops in every palette colour, with the app's defaults.
func referencePond() throws -> RipplesScene {
    var script = TouchScript()
    script.tap(at: CGPoint(x: 60, y: 50), time: 0)
    script.events += [
        .init(time: 0.5, phase: .down, finger: 0, point: CGPoint(x: 170, y: 60)),
        .init(time: 0.6, phase: .down, finger: 1, point: CGPoint(x: 120, y: 110)),
        .init(time: 0.8, phase: .up, finger: 0, point: CGPoint(x: 170, y: 60)),
        .init(time: 0.8, phase: .up, finger: 1, point: CGPoint(x: 120, y: 110)),
    ]
    script.drag(from: CGPoint(x: 30, y: 140), to: CGPoint(x: 210, y: 130), start: 1, duration: 0.8, samplesPerSecond: 10)
    let rain = RippleRain(rate: 1.2, start: 0.2, duration: 7, area: CGRect(origin: .zero, size: smallCanvas), seed: 1)
    return RipplesScene(ripples: try script.ripples() + rain.ripples())
}

/// Draws `scene` with the canvas's own rasterizers (small fills, rings) turned off, so every draw
/// goes through Cairo: the reference the fast paths are compared with.
struct CairoOnly: Scene {
    let scene: any Scene
    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        context.allowsFastPaths = false
        scene.draw(in: &context, size: size, time: time)
    }
}

/// Collects results from several threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [Int: [UInt8]] = [:]
    func set(_ frame: Int, _ bytes: [UInt8]) { lock.lock(); frames[frame] = bytes; lock.unlock() }
    var all: [Int: [UInt8]] { lock.lock(); defer { lock.unlock() }; return frames }
}

@Suite struct RenderingTests {
    @Test func confettiIsDrawnFromTheBottomEdgeAndGoneAfterItsLifetime() throws {
        let scene = try ConfettiScene(size: smallCanvas, seed: 0)
        // At launch every particle is 20 points below the canvas: nothing shows.
        #expect(inkedPixels(try render(scene, at: 0)) == 0)
        #expect(inkedPixels(try render(scene, at: 0.3)) > 200)
        #expect(inkedPixels(try render(scene, at: 1.3)) > 0)
        #expect(inkedPixels(try render(scene, at: 1.5)) == 0)
        #expect(inkedPixels(try render(scene, at: -0.1)) == 0)
    }

    @Test func sameSeedSamePixelsDifferentSeedDifferentPixels() throws {
        for time in [0.3, 0.8] {
            let a = pixelBytes(try render(try ConfettiScene(size: smallCanvas, seed: 11), at: time))
            let b = pixelBytes(try render(try ConfettiScene(size: smallCanvas, seed: 11), at: time))
            let c = pixelBytes(try render(try ConfettiScene(size: smallCanvas, seed: 12), at: time))
            #expect(a == b)
            #expect(a != c)
        }
        let rainA = try RipplesScene(ripples: RippleRain(rate: 3, duration: 4, area: CGRect(origin: .zero, size: smallCanvas), seed: 1).ripples())
        let rainB = try RipplesScene(ripples: RippleRain(rate: 3, duration: 4, area: CGRect(origin: .zero, size: smallCanvas), seed: 2).ripples())
        #expect(pixelBytes(try render(rainA, at: 3)) == pixelBytes(try render(rainA, at: 3)))
        #expect(pixelBytes(try render(rainA, at: 3)) != pixelBytes(try render(rainB, at: 3)))
    }

    @Test func framesOutOfOrderAndOnManyThreadsEqualFramesInOrder() throws {
        let file = try SceneFile.load(from: sceneFixtures.appendingPathComponent("confetti-and-ripples.json"))
        let whole = try file.makeTimeline()
        let timeline = try Timeline(size: whole.size, scale: 1, fps: 10, duration: whole.duration,
                                    background: whole.background, layers: whole.layers)
        let frames = Array(0..<timeline.frameCount)
        func frame(_ i: Int) throws -> [UInt8] {
            var bitmap = try timeline.makeBitmap()
            timeline.draw(frame: i, into: &bitmap)
            return pixelBytes(bitmap)
        }
        let inOrder = try frames.map(frame)
        #expect(Set(inOrder).count > frames.count / 2)   // the frames do change
        let reversed = try frames.reversed().map { ($0, try frame($0)) }
        for (i, bytes) in reversed { #expect(bytes == inOrder[i], "frame \(i) drawn in reverse order") }
        let shuffled = frames.shuffled()
        for i in shuffled { #expect(try frame(i) == inOrder[i], "frame \(i) drawn shuffled") }

        let results = Results()
        let shared = timeline
        DispatchQueue.concurrentPerform(iterations: frames.count) { i in
            guard var bitmap = try? shared.makeBitmap() else { return }
            shared.draw(frame: i, into: &bitmap)
            results.set(i, pixelBytes(bitmap))
        }
        let parallel = results.all
        #expect(parallel.count == frames.count)
        for i in frames { #expect(parallel[i] == inOrder[i], "frame \(i) drawn on several threads") }
    }

    @Test func cullingConfettiChangesNoPixel() throws {
        // An explosion fast enough to leave the canvas on every side, plus the article's burst that
        // starts below it, with wind to push particles off the side.
        let bursts = [
            ConfettiBurst(count: 120),
            ConfettiBurst(time: 0.2, count: 200, emitter: .point(at: .center, speed: 300...900)),
        ]
        var culled = try ConfettiScene(size: smallCanvas, bursts: bursts, seed: 5,
                                       physics: ConfettiPhysics(wind: CGVector(dx: 80, dy: 0)))
        var everything = culled
        everything.cullsInvisibleParticles = false
        culled.cullsInvisibleParticles = true
        var offCanvasSeen = 0
        for time in stride(from: 0.0, through: 1.6, by: 0.1) {
            for scale in [CGFloat(1), 2] {
                // Culling changes no pixel, whether the particles take the small-fill fast path or Cairo.
                let fast = try render(culled, at: time, scale: scale)
                #expect(pixelBytes(fast) == pixelBytes(try render(everything, at: time, scale: scale)), "t = \(time), scale \(scale)")
                let cairo = try render(CairoOnly(scene: culled), at: time, scale: scale)
                #expect(pixelBytes(cairo) == pixelBytes(try render(CairoOnly(scene: everything), at: time, scale: scale)),
                        "t = \(time), scale \(scale), Cairo only")
                // And the fast path draws what Cairo draws, to within anti-aliasing differences.
                let difference = try #require(compareImages(fast, cairo))
                #expect(difference.pixelsBeyondLoose == 0, "t = \(time), scale \(scale): max \(difference.maximum)")
            }
            offCanvasSeen += culled.particles.compactMap { $0.state(at: time, physics: culled.physics) }
                .filter { $0.position.x < -10 || $0.position.x > 250 || $0.position.y < -10 || $0.position.y > 170 }.count
        }
        // The comparison means something only if particles really were off the canvas.
        #expect(offCanvasSeen > 200)
    }

    @Test func cullingRipplesChangesNoPixel() throws {
        // Rings centred inside and far outside the canvas, growing fast enough for the canvas to end up
        // inside their holes.
        let centres = [CGPoint(x: 120, y: 80), CGPoint(x: -150, y: 60), CGPoint(x: 400, y: 300),
                       CGPoint(x: 10, y: 10), CGPoint(x: 239, y: 159), CGPoint(x: 120, y: -500)]
        let ripples = centres.enumerated().map { Ripple(center: $1, start: Double($0) * 0.3, color: RipplesScene.palette[$0]) }
        var culled = RipplesScene(ripples: ripples, lifetime: 10, speed: 120, lineWidth: 3)
        var everything = culled
        everything.cullsInvisibleRipples = false
        culled.cullsInvisibleRipples = true
        var skipped = 0
        for time in stride(from: 0.0, through: 10, by: 0.25) {
            // Culling changes no pixel, with the ring fast path and with Cairo alone.
            let fast = try render(culled, at: time)
            #expect(pixelBytes(fast) == pixelBytes(try render(everything, at: time)), "t = \(time)")
            let cairo = try render(CairoOnly(scene: culled), at: time)
            #expect(pixelBytes(cairo) == pixelBytes(try render(CairoOnly(scene: everything), at: time)), "t = \(time), Cairo only")
            // The fast rings draw what Cairo draws, to within Cairo's own flattening and sampling error
            // (which puts a few levels on up to 1 % of these pixels where translucent rings cross).
            let difference = try #require(compareImages(fast, cairo))
            #expect(difference.pixelsBeyondLoose == 0 && Double(difference.pixelsBeyondStrict) < 0.02 * Double(difference.pixelCount),
                    "t = \(time): max \(difference.maximum), \(difference.pixelsBeyondStrict) beyond 2")
            for i in culled.liveIndices(at: time) {
                let r = try #require(culled.appearance(of: culled.ripples[i], at: time)).radius
                if !culled.ring(around: culled.ripples[i].center, radius: r, touches: CGRect(origin: .zero, size: smallCanvas)) {
                    skipped += 1
                }
            }
        }
        #expect(skipped > 50)
    }

    @Test func ripplesExpandAndFade() throws {
        let pond = RipplesScene(ripples: [Ripple(center: CGPoint(x: 120, y: 80), start: 0, color: RipplesScene.palette[3])])
        let early = try render(pond, at: 1)     // radius 40
        let late = try render(pond, at: 1.5)    // radius 60
        #expect(early.pixel(x: 160, y: 80) != .white)
        #expect(early.pixel(x: 180, y: 80) == .white)
        #expect(late.pixel(x: 180, y: 80) != .white)
        #expect(late.pixel(x: 120, y: 80) == .white)
        // Pink at half opacity over white, fading toward white with age.
        let young = try render(pond, at: 0.5).pixel(x: 140, y: 80)
        let old = try render(pond, at: 1.8).pixel(x: 120, y: 8)
        #expect(young.red > 0.95 && young.green < 0.8)
        #expect(old.green > young.green)
    }

    @Test(arguments: [0.3, 0.8, 1.3])
    func confettiReferenceFrames(time: Double) throws {
        let scene = try ConfettiScene(size: smallCanvas, seed: 0)
        assertMatchesReference(try render(scene, at: time), named: "confetti-t\(time)", directory: "Scenes")
    }

    @Test(arguments: [2.0, 7.0])
    func ripplesReferenceFrames(time: Double) throws {
        assertMatchesReference(try render(try referencePond(), at: time), named: "ripples-t\(Int(time))", directory: "Scenes")
    }
}
