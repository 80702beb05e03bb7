@testable import FlipbookAnimation
import FlipbookDrawing
import Foundation
import Testing

@Suite struct RipplesTests {
    let sky = RipplesScene.palette[0]

    @Test func paletteIsTheAppsSixPastels() {
        let expected: [(Double, Double, Double)] = [
            (0.4627, 0.8392, 1.0), (0.8392, 0.4627, 1.0), (0.4627, 1.0, 0.8392),
            (1.0, 0.4627, 0.8392), (1.0, 0.8392, 0.4627), (0.8392, 1.0, 0.4627),
        ]
        #expect(RipplesScene.palette.count == 6)
        for (color, (r, g, b)) in zip(RipplesScene.palette, expected) {
            #expect(color == Color(red: r, green: g, blue: b))
        }
    }

    @Test func defaultsAreTheApps() {
        let scene = RipplesScene(ripples: [])
        #expect(scene.lifetime == 14 && scene.speed == 40 && scene.lineWidth == 2)
        #expect(scene.opacity == 0.5 && scene.maximumNumberOfRipples == 1000)
    }

    /// A ring in `primary` fades toward white from the scheme's primary: from black in light, so it is
    /// dark grey early on, and from white in dark, so it stays white.
    @Test func aPrimaryRingFadesFromTheSchemesPrimary() throws {
        let scene = RipplesScene(ripples: [Ripple(center: CGPoint(x: 50, y: 50), start: 0, color: .primary)],
                                 opacity: 1)
        let time = 0.875   // radius 35 points, 1/16 of the way to white
        for (scheme, expected) in [(ColorScheme.light, time / 14), (.dark, 1.0)] {
            var bitmap = try Bitmap(width: 100, height: 100)
            bitmap.draw(background: .clear, environment: EnvironmentValues(colorScheme: scheme)) { context, size in
                scene.draw(in: &context, size: size, time: time)
            }
            let ring = bitmap.pixel(x: 85, y: 50)
            #expect(abs(ring.red - expected) < 0.02 && ring.opacity > 0.5, "\(scheme): \(ring)")
        }
    }

    @Test func radiusGrowsAtSpeedAndColourFadesToWhite() throws {
        let scene = RipplesScene(ripples: [])
        let ripple = Ripple(center: CGPoint(x: 10, y: 20), start: 1, color: sky)
        for age in [0.0, 0.5, 2, 7, 10.5, 13.99] {
            let (radius, color) = try #require(scene.appearance(of: ripple, at: 1 + age))
            #expect(abs(radius - age * 40) < 1e-9)
            let fade = age / 14
            #expect(abs(color.red - (0.4627 * (1 - fade) + fade)) < 1e-9)
            #expect(abs(color.green - (0.8392 * (1 - fade) + fade)) < 1e-9)
            #expect(abs(color.blue - 1) < 1e-12)
            #expect(color.opacity == 0.5)
        }
        let (_, halfway) = try #require(scene.appearance(of: ripple, at: 8))
        #expect(abs(halfway.red - 0.73135) < 1e-9)
        #expect(scene.appearance(of: ripple, at: 0.999) == nil)
        #expect(scene.appearance(of: ripple, at: 15) == nil)
        #expect(scene.appearance(of: ripple, at: 16) == nil)
        #expect(scene.appearance(of: ripple, at: 1) != nil)
        // The scene's own parameters apply.
        let fast = RipplesScene(ripples: [], lifetime: 2, speed: 100, opacity: 0.8)
        let (r, c) = try #require(fast.appearance(of: ripple, at: 2))
        #expect(r == 100 && abs(c.red - (0.4627 * 0.5 + 0.5)) < 1e-9 && abs(c.opacity - 0.8) < 1e-12)
        #expect(fast.appearance(of: ripple, at: 3) == nil)
    }

    @Test func liveRipplesFollowAgeAndLifetime() {
        let ripples = (0..<5).map { Ripple(center: .zero, start: Double($0) * 5, color: sky) }  // 0, 5, ..., 20
        let scene = RipplesScene(ripples: ripples)
        #expect(scene.liveIndices(at: -1) == 0..<0)
        #expect(scene.liveIndices(at: 0) == 0..<1)
        #expect(scene.liveIndices(at: 7) == 0..<2)
        #expect(scene.liveIndices(at: 14) == 1..<3)     // ripple 0 is exactly 14 s old: gone
        #expect(scene.liveIndices(at: 21) == 2..<5)
        #expect(scene.liveIndices(at: 40) == 5..<5)
    }

    @Test func theCapDropsTheOldestAsNewOnesAreCreated() {
        let ripples = [0.0, 1, 2, 3].map { Ripple(center: .zero, start: $0, color: sky) }
        let scene = RipplesScene(ripples: ripples, maximumNumberOfRipples: 2)
        // Before the cap is reached, the oldest ripple is still there (as in the app).
        #expect(scene.liveIndices(at: 0.5) == 0..<1)
        #expect(scene.liveIndices(at: 1.5) == 0..<2)
        // Creating the third pushes the count over 2: the first goes.
        #expect(scene.liveIndices(at: 2) == 1..<3)
        #expect(scene.liveIndices(at: 3.5) == 2..<4)
        // The dropped ones never come back, and the rest still age out.
        #expect(scene.liveIndices(at: 16.5) == 3..<4)
        #expect(RipplesScene(ripples: ripples, maximumNumberOfRipples: 0).liveIndices(at: 1) == 2..<2)
        #expect(RipplesScene(ripples: ripples, maximumNumberOfRipples: -3).maximumNumberOfRipples == 0)
    }

    @Test func creationOrderIsStartTimeThenListOrder() {
        let a = Ripple(center: CGPoint(x: 1, y: 0), start: 2, color: sky)
        let b = Ripple(center: CGPoint(x: 2, y: 0), start: 1, color: sky)
        let c = Ripple(center: CGPoint(x: 3, y: 0), start: 2, color: sky)
        let scene = RipplesScene(ripples: [a, b, c], maximumNumberOfRipples: 2)
        #expect(scene.ripples == [b, a, c])
        #expect(scene.liveIndices(at: 2) == 1..<3)   // b, the oldest, was dropped
    }

    @Test func fingersTakeColoursByHowManyAreAlreadyDown() throws {
        let p = RipplesScene.palette
        let script = TouchScript(events: [
            .init(time: 0, phase: .down, finger: 0, point: CGPoint(x: 10, y: 10)),
            .init(time: 0.5, phase: .down, finger: 1, point: CGPoint(x: 50, y: 50)),   // one already down
            .init(time: 0.6, phase: .down, finger: 2, point: CGPoint(x: 70, y: 50)),   // two already down
            .init(time: 1, phase: .up, finger: 0, point: CGPoint(x: 10, y: 10)),
            .init(time: 1.1, phase: .move, finger: 1, point: CGPoint(x: 55, y: 50)),
            .init(time: 1.2, phase: .up, finger: 1, point: CGPoint(x: 55, y: 50)),
            .init(time: 1.3, phase: .up, finger: 2, point: CGPoint(x: 70, y: 50)),
            .init(time: 2, phase: .down, finger: 0, point: CGPoint(x: 90, y: 90)),     // none down again
            .init(time: 2.1, phase: .down, finger: 5, point: CGPoint(x: 95, y: 90)),
        ])
        let ripples = try script.ripples()
        #expect(ripples.map(\.color) == [p[0], p[1], p[2], p[1], p[0], p[1]])
        #expect(ripples.map(\.start) == [0, 0.5, 0.6, 1.1, 2, 2.1])
        #expect(ripples[3].center == CGPoint(x: 55, y: 50))
    }

    @Test func sevenFingersWrapAroundThePalette() throws {
        let script = TouchScript(events: (0..<7).map {
            .init(time: Double($0), phase: .down, finger: $0, point: .zero)
        })
        #expect(try script.ripples().map(\.color) == RipplesScene.palette + [RipplesScene.palette[0]])
    }

    @Test func aDragLeavesARippleAtEveryMoveSample() throws {
        var script = TouchScript()
        script.drag(from: CGPoint(x: 0, y: 100), to: CGPoint(x: 200, y: 100), start: 1, duration: 1, samplesPerSecond: 10)
        #expect(script.events.filter { $0.phase == .move }.count == 10)
        let ripples = try script.ripples()
        #expect(ripples.count == 11)           // the down and ten moves; the up makes none
        for (i, ripple) in ripples.enumerated() {
            #expect(abs(ripple.center.x - Double(i) * 20) < 1e-9 && ripple.center.y == 100)
            #expect(abs(ripple.start - (1 + Double(i) * 0.1)) < 1e-12)
            #expect(ripple.color == RipplesScene.palette[0])
        }
    }

    @Test func inconsistentTouchesThrow() {
        let twice = TouchScript(events: [
            .init(time: 0, phase: .down, point: .zero), .init(time: 1, phase: .down, point: .zero),
        ])
        expectInvalidInput(
            "touches[1]: finger 0 goes down at 1 s but is already down; lift it first with an \"up\" event.",
            at: .init(keyPath: "touches[1]")) { _ = try twice.ripples() }
        expectInvalidInput(
            "touches[0]: finger 0 moves at 0 s but is not down; put it down first with a \"down\" event.",
            at: .init(keyPath: "touches[0]")) {
            _ = try TouchScript(events: [.init(time: 0, phase: .move, point: .zero)]).ripples()
        }
        expectInvalidInput("touches[0]: finger 0 lifts at 0 s but is not down.", at: .init(keyPath: "touches[0]")) {
            _ = try TouchScript(events: [.init(time: 0, phase: .up, point: .zero)]).ripples()
        }
        expectInvalidInput("touches[0].time must be between -10000000 and 10000000 seconds; it is nan.",
                           at: .init(keyPath: "touches[0].time")) {
            _ = try TouchScript(events: [.init(time: .nan, phase: .down, point: .zero)]).ripples()
        }
    }

    @Test func rainIsSeededAndStaysInItsAreaAndTime() throws {
        let area = CGRect(x: 10, y: 20, width: 100, height: 50)
        let rain = RippleRain(rate: 50, start: 2, duration: 10, area: area, seed: 4)
        let drops = try rain.ripples()
        #expect(try rain.ripples() == drops)
        var other = rain
        other.seed = 5
        #expect(try other.ripples() != drops)
        // 500 expected; a Poisson count is within 4σ ≈ 90 of it.
        #expect(abs(drops.count - 500) < 90)
        #expect(zip(drops, drops.dropFirst()).allSatisfy { $0.start <= $1.start })
        for drop in drops {
            #expect(drop.start >= 2 && drop.start < 12)
            #expect(area.contains(drop.center))
            #expect(RipplesScene.palette.contains(drop.color))
        }
        #expect(Set(drops.map(\.color)).count == 6)
        expectInvalidInput("rain.rate must be greater than 0 and at most 10000 drops per second; it is 0.",
                           at: .init(keyPath: "rain.rate")) { _ = try RippleRain(rate: 0, duration: 1, area: area).ripples() }
        expectInvalidInput("rain must be at most 50000 drops on average (rate × duration); it is 1000000 drops.",
                           at: .init(keyPath: "rain")) {
            _ = try RippleRain(rate: 10_000, duration: 100, area: area).ripples()
        }
    }

    @Test func trailSpacesRingsEvenlyAlongThePath() throws {
        let line = Path { $0.move(to: CGPoint(x: 0, y: 0)); $0.addLine(to: CGPoint(x: 100, y: 0)); $0.addLine(to: CGPoint(x: 100, y: 50)) }
        let trail = RippleTrail(path: line, start: 1, duration: 1.5, rate: 2, color: .pink)
        let ripples = try trail.ripples()
        #expect(ripples.map(\.start) == [1, 1.5, 2, 2.5])
        let expected = [CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 50)]
        for (ripple, point) in zip(ripples, expected) {
            #expect(abs(ripple.center.x - point.x) < 1e-9 && abs(ripple.center.y - point.y) < 1e-9)
            #expect(ripple.color == .pink)
        }
        // A curve is followed: every ring of a semicircle is on the circle.
        let arc = try Path(svgPathData: "M0 0 A50 50 0 0 1 100 0")
        for ripple in try RippleTrail(path: arc, duration: 1, rate: 20, color: .pink).ripples() {
            let r = hypot(ripple.center.x - 50, ripple.center.y)
            #expect(abs(r - 50) < 0.1)
        }
        expectInvalidInput("trail.path must contain at least one finite line or curve.", at: .init(keyPath: "trail.path")) {
            _ = try RippleTrail(path: Path(), duration: 1, color: .pink).ripples()
        }
    }

    @Test func aLongDragIsSampledAtMostTheMaximumNumberOfTimes() throws {
        var script = TouchScript()
        // duration × samplesPerSecond far beyond Int.max: clamped, never converted unchecked.
        script.drag(from: .zero, to: CGPoint(x: 100, y: 0), start: 0, duration: 1e300, samplesPerSecond: 1e300)
        #expect(script.events.count == TouchScript.maximumDragSamples + 2)
        var nan = TouchScript()
        nan.drag(from: .zero, to: CGPoint(x: 100, y: 0), start: 0, duration: .nan)
        #expect(nan.events.map(\.phase) == [.down, .up])
    }

    @Test func aTrailWhoseRingsWouldOverflowAnIntIsAnError() {
        let line = Path { $0.move(to: .zero); $0.addLine(to: CGPoint(x: 10, y: 0)) }
        expectInvalidInput("trail must be at most 100000 rings (duration × rate); it is 100000000001 rings.",
                           at: .init(keyPath: "trail")) {
            _ = try RippleTrail(path: line, duration: 1e7, rate: 10_000, color: .pink).ripples()
        }
    }

    @Test func ringVisibilityTest() {
        let scene = RipplesScene(ripples: [])
        let canvas = CGRect(x: 0, y: 0, width: 240, height: 160)
        #expect(scene.ring(around: CGPoint(x: 120, y: 80), radius: 10, touches: canvas))
        #expect(!scene.ring(around: CGPoint(x: -100, y: 80), radius: 50, touches: canvas))
        #expect(scene.ring(around: CGPoint(x: -100, y: 80), radius: 99.5, touches: canvas))
        // The canvas inside the hole: the farthest corner is ~144 from the centre.
        #expect(!scene.ring(around: CGPoint(x: 120, y: 80), radius: 200, touches: canvas))
        #expect(scene.ring(around: CGPoint(x: 120, y: 80), radius: 144, touches: canvas))
    }
}
