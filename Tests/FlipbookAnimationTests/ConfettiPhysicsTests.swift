@testable import FlipbookAnimation
import FlipbookDrawing
import Foundation
import Testing

/// A particle with round, distinctive numbers, so formula mistakes show.
func sampleParticle(
    vx: CGFloat = 30, vy: CGFloat = -300, birthTime: TimeInterval = 0, flipPhase: CGFloat = 0.4
) -> ConfettiParticle {
    ConfettiParticle(
        color: .red, size: CGSize(width: 12, height: 7), initialPosition: CGPoint(x: 100, y: 180),
        initialVelocity: CGVector(dx: vx, dy: vy), initialRotation: 20, rotationSpeed: -150,
        birthTime: birthTime, flutterAmplitude: 30, flutterFrequency: 5, flutterPhase: 1.2,
        flipFrequency: 4, flipPhase: flipPhase, spreadStrength: 12)
}

@Suite struct ConfettiPhysicsTests {
    @Test func defaultsAreTheArticles() {
        let physics = ConfettiPhysics()
        #expect(physics.gravity == 280)
        #expect(physics.drag == 1.6)
        #expect(physics.lifetime == 1.5)
        #expect(physics.fadeOutDuration == 0.4)
        #expect(physics.minimumFlipScale == 0.15)
        #expect(physics.wind == .zero)
        #expect(abs(physics.terminalVelocity - 175) < 1e-12)
    }

    @Test(arguments: [CGFloat(30), -45])
    func stateMatchesTheFormulasAtManyAges(vx: CGFloat) throws {
        let p = sampleParticle(vx: vx)
        for step in 0..<150 {
            let t = Double(step) * 0.01
            let s = try #require(p.state(at: t))
            // The formulas, written out independently.
            let dragFactor = 1 - exp(-1.6 * t)
            let spreadDir: Double = vx >= 0 ? 1 : -1
            let x = 100 + (Double(vx) / 1.6) * dragFactor + 30 * sin(5 * t + 1.2) + spreadDir * 12 * t * t
            let y = 180 + (-300 / 1.6) * dragFactor + 175 * (t - dragFactor / 1.6)
            let remaining = 1.5 - t
            let opacity = remaining < 0.4 ? remaining / 0.4 : 1
            let width = 12 * max(0.15, abs(cos(4 * t + 0.4)))
            #expect(abs(s.position.x - x) < 1e-9, "x at t = \(t)")
            #expect(abs(s.position.y - y) < 1e-9, "y at t = \(t)")
            #expect(abs(s.rotation.degrees - (20 - 150 * t)) < 1e-9, "rotation at t = \(t)")
            #expect(abs(s.opacity - opacity) < 1e-12, "opacity at t = \(t)")
            #expect(abs(s.apparentWidth - width) < 1e-12, "width at t = \(t)")
        }
    }

    @Test func ageIsMeasuredFromBirth() throws {
        let early = sampleParticle(birthTime: 0)
        let late = sampleParticle(birthTime: 2.25)
        for t in stride(from: 0.0, to: 1.5, by: 0.125) {
            let a = try #require(early.state(at: t))
            let b = try #require(late.state(at: 2.25 + t))
            #expect(abs(a.position.x - b.position.x) < 1e-9 && abs(a.position.y - b.position.y) < 1e-9)
        }
        #expect(late.state(at: 2.2) == nil)
        #expect(late.state(at: 1.0) == nil)
    }

    @Test func nothingBeforeBirthOrFromTheEndOfTheLifetime() {
        let p = sampleParticle()
        #expect(p.state(at: -0.001) == nil)
        #expect(p.state(at: -10) == nil)
        #expect(p.state(at: 1.5) == nil)
        #expect(p.state(at: 2) == nil)
        #expect(p.state(at: 0) != nil)
        #expect(p.state(at: 1.4999) != nil)
        // A longer lifetime keeps it alive.
        #expect(p.state(at: 2, physics: ConfettiPhysics(lifetime: 3)) != nil)
    }

    @Test func fallSpeedApproachesTerminalVelocity() throws {
        let p = sampleParticle()
        let physics = ConfettiPhysics(lifetime: 100)
        func vy(_ t: Double) throws -> Double {
            let h = 1e-4
            let a = try #require(p.state(at: t - h, physics: physics)).position.y
            let b = try #require(p.state(at: t + h, physics: physics)).position.y
            return (b - a) / (2 * h)
        }
        #expect(abs(try vy(0.0001 + 1e-4) - -300) < 1)          // launch speed at birth
        // dy/dt = vy·e^(−drag·t) + vt·(1 − e^(−drag·t)), from the launch speed toward 175.
        for t in [0.3, 1, 2, 5] {
            let expected = -300 * exp(-1.6 * t) + 175 * (1 - exp(-1.6 * t))
            #expect(abs(try vy(t) - expected) < 1e-4)
        }
        #expect(abs(try vy(20) - 175) < 1e-3)                  // terminal: gravity / drag
        #expect(abs(try vy(40) - 175) < 1e-3)
    }

    @Test func theRisePeaksWhereVerticalVelocityIsZero() throws {
        let vy: Double = -300
        let p = sampleParticle(vy: CGFloat(vy))
        // vy·e^(−drag·t) + vt·(1 − e^(−drag·t)) = 0  ⇒  t* = ln(1 − vy·drag / gravity) / drag.
        let peak = log(1 - vy * 1.6 / 280) / 1.6
        #expect(abs(peak - 0.6240) < 1e-3)
        let top = try #require(p.state(at: peak)).position.y
        for offset in [0.001, 0.01, 0.05, 0.2, 0.5] {
            #expect(try #require(p.state(at: peak - offset)).position.y > top)
            if peak + offset < 1.5 { #expect(try #require(p.state(at: peak + offset)).position.y > top) }
        }
        // The height of the rise: (vy / drag)·f + vt·(t* − f / drag) with f = 1 − e^(−drag·t*).
        let f = 1 - exp(-1.6 * peak)
        #expect(abs(top - (180 + (vy / 1.6) * f + 175 * (peak - f / 1.6))) < 1e-9)
        #expect(top < 180 - 75)  // it rises about 78 points
    }

    @Test func opacityRampsDownOverTheLastFourTenths() throws {
        let p = sampleParticle()
        #expect(try #require(p.state(at: 0)).opacity == 1)
        #expect(try #require(p.state(at: 1.0)).opacity == 1)
        #expect(abs(try #require(p.state(at: 1.1)).opacity - 1) < 1e-9)
        #expect(abs(try #require(p.state(at: 1.3)).opacity - 0.5) < 1e-9)
        #expect(abs(try #require(p.state(at: 1.4)).opacity - 0.25) < 1e-9)
        #expect(try #require(p.state(at: 1.4999)).opacity < 0.001)
        // Strictly decreasing through the ramp.
        let ramp = try stride(from: 1.11, to: 1.5, by: 0.01).map { try #require(p.state(at: $0)).opacity }
        #expect(zip(ramp, ramp.dropFirst()).allSatisfy { $0 > $1 })
    }

    @Test func theFlipNeverNarrowsBelowFifteenPercent() throws {
        // cos(4·0 + π/2) = 0: edge-on at birth.
        let p = sampleParticle(flipPhase: .pi / 2)
        #expect(abs(try #require(p.state(at: 0)).apparentWidth - 12 * 0.15) < 1e-12)
        var narrowest = CGFloat.infinity, widest: CGFloat = 0
        for t in stride(from: 0.0, to: 1.5, by: 0.001) {
            let w = try #require(p.state(at: t)).apparentWidth
            narrowest = min(narrowest, w)
            widest = max(widest, w)
        }
        #expect(abs(narrowest - 1.8) < 1e-12)
        #expect(widest > 11.99 && widest <= 12)
        // A different floor is honoured.
        #expect(abs(try #require(p.state(at: 0, physics: ConfettiPhysics(minimumFlipScale: 0.4))).apparentWidth - 4.8) < 1e-12)
    }

    @Test func windAddsARelaxedDrift() throws {
        let p = sampleParticle()
        let wind = CGVector(dx: 50, dy: -20)
        for t in [0.0, 0.3, 0.9, 1.4] {
            let still = try #require(p.state(at: t))
            let windy = try #require(p.state(at: t, physics: ConfettiPhysics(wind: wind)))
            let relaxed = t - (1 - exp(-1.6 * t)) / 1.6
            #expect(abs(windy.position.x - (still.position.x + 50 * relaxed)) < 1e-9)
            #expect(abs(windy.position.y - (still.position.y - 20 * relaxed)) < 1e-9)
            #expect(windy.opacity == still.opacity && windy.apparentWidth == still.apparentWidth)
        }
    }

    @Test func physicsValidationNamesTheField() {
        expectInvalidInput("physics.drag must be greater than 0 and at most 1000 per second; it is 0.",
                           at: .init(keyPath: "physics.drag")) { try ConfettiPhysics(drag: 0).validate() }
        expectInvalidInput("physics.lifetime must be greater than 0 and at most 3600 seconds; it is -1.",
                           at: .init(keyPath: "physics.lifetime")) { try ConfettiPhysics(lifetime: -1).validate() }
        expectInvalidInput("physics.fadeOutDuration must be between 0 and the lifetime (1.5 seconds); it is 2.",
                           at: .init(keyPath: "physics.fadeOutDuration")) {
            try ConfettiPhysics(fadeOutDuration: 2).validate()
        }
        expectInvalidInput(
            "physics.wind must be a vector [dx, dy] or {\"dx\", \"dy\"} with every number between -1000000 and 1000000 "
                + "points per second; it is [nan, 0].",
            at: .init(keyPath: "physics.wind")) {
            try ConfettiPhysics(wind: CGVector(dx: CGFloat.nan, dy: 0)).validate()
        }
        #expect(throws: Never.self) { try ConfettiPhysics().validate() }
    }
}
