@testable import FlipbookAnimation
import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Layers are placed by position, anchor, rotation and scale, and composited with opacity, blend and filters")
struct LayerPlacementTests {
    let rect = ShapeScene(.rect, size: Keyframed(CGSize(width: 20, height: 10)), fill: .color(Keyframed(pureRed)))

    @Test("A 20×10 rect at [50, 40] anchored topLeading covers exactly those pixels")
    func topLeadingPlacement() throws {
        var layer = Timeline.Layer(rect)
        layer.position = Keyframed(CGPoint(x: 50, y: 40))
        layer.anchor = Keyframed(.topLeading)
        let bitmap = try renderLayers([layer])
        for y in 0..<80 {
            for x in 0..<120 {
                let inside = (50..<70).contains(x) && (40..<50).contains(y)
                #expect(bitmap.pixel(x: x, y: y) == (inside ? pureRed : Color.white), "pixel \(x), \(y)")
            }
        }
    }

    @Test("A boxed scene is centred on the canvas by default, and the anchor goes to the position")
    func defaultsCentre() throws {
        let centred = try renderLayers([Timeline.Layer(rect)])
        #expect(centred.pixel(x: 50, y: 35) == pureRed && centred.pixel(x: 69, y: 44) == pureRed)
        #expect(centred.pixel(x: 49, y: 35) == .white && centred.pixel(x: 70, y: 44) == .white)
        var corner = Timeline.Layer(rect)
        corner.position = Keyframed(CGPoint(x: 120, y: 80))
        corner.anchor = Keyframed(.bottomTrailing)
        let bitmap = try renderLayers([corner])
        #expect(bitmap.pixel(x: 100, y: 70) == pureRed && bitmap.pixel(x: 119, y: 79) == pureRed)
        #expect(bitmap.pixel(x: 99, y: 69) == .white)
    }

    @Test("Rotation turns the box about its anchor, clockwise, as the canvas's own rotate does")
    func rotationAboutAnchor() throws {
        var layer = Timeline.Layer(rect)
        layer.position = Keyframed(CGPoint(x: 60, y: 40))
        layer.anchor = Keyframed(.topLeading)
        layer.rotation = Keyframed(.degrees(90))
        let bitmap = try renderLayers([layer])
        let reference = try renderReference { context in
            context.translateBy(x: 60, y: 40)
            context.rotate(by: .degrees(90))
            context.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 10)), with: .color(pureRed))
        }
        #expect(pixelBytes(bitmap) == pixelBytes(reference))
        // Turned clockwise about (60, 40): the box now runs down from the anchor, to its left.
        #expect(bitmap.pixel(x: 55, y: 55) == pureRed && bitmap.pixel(x: 65, y: 55) == .white)
    }

    @Test("Scale grows the box about its anchor; [sx, sy] scales each axis")
    func scaleAboutAnchor() throws {
        var layer = Timeline.Layer(rect)
        layer.position = Keyframed(CGPoint(x: 60, y: 40))
        layer.scale = Keyframed(CGSize(width: 2, height: 3))
        let bitmap = try renderLayers([layer])
        // 40 × 30 centred on (60, 40).
        #expect(bitmap.pixel(x: 40, y: 25) == pureRed && bitmap.pixel(x: 79, y: 54) == pureRed)
        #expect(bitmap.pixel(x: 39, y: 25) == .white && bitmap.pixel(x: 80, y: 54) == .white)
        #expect(bitmap.pixel(x: 40, y: 24) == .white && bitmap.pixel(x: 79, y: 55) == .white)
    }

    @Test("A keyframed position moves the layer between frames")
    func keyframedPosition() throws {
        var layer = Timeline.Layer(rect)
        layer.anchor = Keyframed(.topLeading)
        layer.position = Keyframed(keys: [.init(time: 0, value: CGPoint(x: 0, y: 0)), .init(time: 1, value: CGPoint(x: 100, y: 60))])
        let first = try renderLayers([layer], at: 0)
        let middle = try renderLayers([layer], at: 0.5)
        #expect(first.pixel(x: 0, y: 0) == pureRed && first.pixel(x: 55, y: 35) == .white)
        #expect(middle.pixel(x: 50, y: 30) == pureRed && middle.pixel(x: 69, y: 39) == pureRed && middle.pixel(x: 0, y: 0) == .white)
    }

    @Test("Default placement keeps confetti and ripples frames byte for byte as they were drawn before layers were placed")
    func defaultsAreIdentity() throws {
        let confetti = try ConfettiScene(bursts: [ConfettiBurst()], seed: 3)
        let ripples = try referencePond()
        for (scene, time) in [(confetti as any Scene, 0.8), (ripples, 2.0)] {
            let viaLayer = try renderLayers([Timeline.Layer(scene)], at: time, size: smallCanvas)
            let direct = try renderReference(size: smallCanvas) { context in
                scene.draw(in: &context, size: smallCanvas, time: time)
            }
            #expect(pixelBytes(viaLayer) == pixelBytes(direct))
            #expect(inkedPixels(direct) > 100)
        }
    }

    @Test("A layer's opacity composites it as one picture, as drawLayer does")
    func opacityIsOnePicture() throws {
        let overlapping = FillScene(color: .blue)
        var layer = Timeline.Layer(GroupScene(layers: [Timeline.Layer(overlapping), Timeline.Layer(overlapping)]))
        layer.opacity = 0.5
        let bitmap = try renderLayers([layer])
        let reference = try renderReference { context in
            context.opacity = 0.5
            context.drawLayer { inner in
                inner.fill(Path(CGRect(x: 0, y: 0, width: 120, height: 80)), with: .color(.blue))
                inner.fill(Path(CGRect(x: 0, y: 0, width: 120, height: 80)), with: .color(.blue))
            }
        }
        #expect(pixelBytes(bitmap) == pixelBytes(reference))
        #expect(near(bitmap.pixel(x: 10, y: 10), Color(red: 0.5, green: 0.5 + 0.5 * Color.blue.green, blue: 1)))
    }

    @Test("Blend mode and filters apply to the layer as a whole, like the canvas's drawLayer with addFilter")
    func blendAndFilters() throws {
        var layer = Timeline.Layer(rect)
        layer.blendMode = .multiply
        layer.filters = [.shadow(color: Keyframed(.black), radius: Keyframed(2), x: Keyframed(0), y: Keyframed(4)),
                         .blur(radius: Keyframed(1)), .hueRotation(Keyframed(.degrees(120)))]
        let under = ShapeScene(.rect, size: Keyframed(CGSize(width: 120, height: 40)), fill: .color(Keyframed(.yellow)))
        var below = Timeline.Layer(under)
        below.anchor = Keyframed(.topLeading)
        below.position = Keyframed(.zero)
        let bitmap = try renderLayers([below, layer])
        let reference = try renderReference { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 120, height: 40)), with: .color(.yellow))
            var c = context
            c.blendMode = .multiply
            // Last added applies first: the list's first filter is added last.
            c.addFilter(.hueRotation(.degrees(120)))
            c.addFilter(.blur(radius: 1))
            c.addFilter(.shadow(color: .black, radius: 2, x: 0, y: 4))
            c.drawLayer { inner in
                inner.translateBy(x: 50, y: 35)
                inner.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 10)), with: .color(pureRed))
            }
        }
        let measured = psnr(bitmap, reference)
        #expect(measured == .infinity, "PSNR \(measured) dB")
        // Multiplied over yellow, hue-turned red stays dark where it covers the yellow band.
        #expect(bitmap.pixel(x: 60, y: 37) != bitmap.pixel(x: 5, y: 37) && bitmap.pixel(x: 60, y: 37) != pureRed)
    }

    @Test("Keyframed opacity hides a layer while it is 0 and shows it after")
    func keyframedOpacity() throws {
        let layer = Timeline.Layer(rect, opacity: Keyframed(keys: [.init(time: 0, value: 0), .init(time: 1, value: 1)]))
        #expect(!layer.isActive(at: 0) && layer.isActive(at: 0.5))
        #expect(layer.opacity == 0)
        let half = try renderLayers([layer], at: 0.5)
        #expect(near(half.pixel(x: 60, y: 40), Color(red: 1, green: 0.5, blue: 0.5), 0.01))
    }
}
