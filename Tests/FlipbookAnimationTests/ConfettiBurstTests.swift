@testable import FlipbookAnimation
import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite struct ConfettiBurstTests {
    let canvas = CGSize(width: 240, height: 160)

    @Test(arguments: [UInt64(0), 1, 7, 42, 123_456_789])
    func defaultBurstFollowsTheArticlesDistributions(seed: UInt64) throws {
        let scene = try ConfettiScene(size: canvas, seed: seed)
        #expect(scene.particles.count == 30)
        let W: CGFloat = 240, H: CGFloat = 160
        let sizes = [CGSize(width: 10, height: 10), CGSize(width: 12, height: 7), CGSize(width: 7, height: 12)]
        let palette: [Color] = [.red, .orange, .yellow, .green, .blue, .purple]
        for p in scene.particles {
            #expect(p.birthTime == 0)
            #expect(p.initialPosition.x >= 0.15 * W && p.initialPosition.x <= 0.85 * W)
            #expect(p.initialPosition.y == H + 20)
            #expect(p.initialVelocity.dy <= -H * 1.8 * 0.85 && p.initialVelocity.dy >= -H * 1.8 * 1.1)
            #expect(p.initialVelocity.dx >= -0.3 * W && p.initialVelocity.dx <= 0.3 * W)
            #expect(sizes.contains(p.size))
            #expect(palette.contains(p.color))
            #expect(p.shape == .rectangle)
            #expect((0...360).contains(p.initialRotation))
            #expect((-400...400).contains(p.rotationSpeed))
            #expect((25...45).contains(p.flutterAmplitude))
            #expect((4...7).contains(p.flutterFrequency))
            #expect((0...(2 * .pi)).contains(p.flutterPhase))
            #expect((3...6).contains(p.flipFrequency))
            #expect((0...(2 * .pi)).contains(p.flipPhase))
            #expect((8...18).contains(p.spreadStrength))
        }
        // The draws vary: 30 particles almost surely show every size and most colours.
        #expect(Set(scene.particles.map { "\($0.size)" }).count == 3)
        #expect(Set(scene.particles.map(\.color)).count >= 4)
        #expect(Set(scene.particles.map(\.initialPosition.x)).count == 30)
    }

    @Test func sameSeedSameParticlesDifferentSeedDifferentParticles() throws {
        let a = try ConfettiScene(size: canvas, seed: 5).particles
        let b = try ConfettiScene(size: canvas, seed: 5).particles
        let c = try ConfettiScene(size: canvas, seed: 6).particles
        #expect(a == b)
        #expect(a != c)
        #expect(zip(a, c).allSatisfy { $0.initialPosition != $1.initialPosition })
    }

    @Test func burstsAreIndependentAndCountsOnlyAdd() throws {
        let one = try ConfettiScene(size: canvas, bursts: [ConfettiBurst(count: 10)], seed: 3).particles
        let more = try ConfettiScene(size: canvas, bursts: [ConfettiBurst(count: 25)], seed: 3).particles
        #expect(Array(more.prefix(10)) == one)
        let two = try ConfettiScene(
            size: canvas, bursts: [ConfettiBurst(count: 10), ConfettiBurst(time: 1, count: 5)], seed: 3).particles
        #expect(Array(two.prefix(10)) == one)
        #expect(two.suffix(5).allSatisfy { $0.birthTime == 1 })
    }

    @Test func particlesAreOrderedByBirth() throws {
        let scene = try ConfettiScene(
            size: canvas, bursts: [ConfettiBurst(time: 1, count: 4), ConfettiBurst(time: 0, count: 3)], seed: 1)
        #expect(scene.particles.map(\.birthTime) == [0, 0, 0, 1, 1, 1, 1])
    }

    @Test func styleParametersAreHonoured() throws {
        let style = ConfettiStyle(
            palette: [.mint], sizes: [CGSize(width: 4, height: 6)], scale: 2.5, shapes: [.star, .circle],
            rotation: 10...10, rotationSpeed: 0...0, flutterAmplitude: 1...2, flutterFrequency: 9...9,
            flutterPhase: 0...0, flipFrequency: 1...1, flipPhase: 3...3, spreadStrength: 0...0)
        let scene = try ConfettiScene(size: canvas, bursts: [ConfettiBurst(count: 40, style: style)], seed: 2)
        for p in scene.particles {
            #expect(p.color == .mint)
            #expect(p.size == CGSize(width: 10, height: 15))
            #expect(p.shape == .star || p.shape == .circle)
            #expect(p.initialRotation == 10 && p.rotationSpeed == 0 && p.flutterFrequency == 9)
            #expect((1...2).contains(p.flutterAmplitude) && p.flipPhase == 3 && p.spreadStrength == 0)
        }
        #expect(Set(scene.particles.map { $0.shape == .star }).count == 2)
    }

    @Test func cannonParametersAreHonoured() throws {
        let emitter = ConfettiEmitter.bottomCannon(
            horizontalRange: 0.5...0.5, verticalOffset: 5, launchSpeed: 1, launchSpeedVariation: 2...2,
            horizontalSpeed: 0.1...0.1)
        let p = try #require(try ConfettiScene(size: canvas, bursts: [ConfettiBurst(count: 1, emitter: emitter)]).particles.first)
        #expect(p.initialPosition == CGPoint(x: 120, y: 165))
        #expect(p.initialVelocity == CGVector(dx: 24, dy: -320))
    }

    @Test func pointExplosionStartsAtThePointWithinTheCone() throws {
        let emitter = ConfettiEmitter.point(at: UnitPoint(x: 0.25, y: 0.5), angle: .degrees(-90), spread: .degrees(60),
                                            speed: 100...200)
        let scene = try ConfettiScene(size: canvas, bursts: [ConfettiBurst(count: 200, emitter: emitter)], seed: 4)
        for p in scene.particles {
            #expect(p.initialPosition == CGPoint(x: 60, y: 80))
            let v = p.initialVelocity
            let speed = (v.dx * v.dx + v.dy * v.dy).squareRoot()
            #expect(speed >= 100 - 1e-9 && speed <= 200 + 1e-9)
            let direction = atan2(v.dy, v.dx) * 180 / .pi
            #expect(direction >= -120 - 1e-9 && direction <= -60 + 1e-9)
        }
        // Both sides of the cone are used.
        #expect(scene.particles.contains { $0.initialVelocity.dx < -20 } && scene.particles.contains { $0.initialVelocity.dx > 20 })
    }

    @Test func topRainStartsAboveTheTopEdgeFalling() throws {
        let scene = try ConfettiScene(size: canvas, bursts: [ConfettiBurst(count: 100, emitter: .topRain)], seed: 8)
        for p in scene.particles {
            #expect(p.initialPosition.y == -20)
            #expect((0...240).contains(p.initialPosition.x))
            #expect(p.initialVelocity.dy >= 0 && p.initialVelocity.dy <= 60)
        }
        #expect(scene.particles.map(\.initialPosition.x).max()! > 200)
        #expect(scene.particles.map(\.initialPosition.x).min()! < 40)
    }

    @Test func emissionBirthsAreEvenlySpaced() throws {
        let emission = ConfettiEmission(rate: 20, start: 0.5, duration: 2)
        #expect(emission.count == 40)
        let scene = try ConfettiScene(size: canvas, bursts: [], emissions: [emission], seed: 1)
        #expect(scene.particles.count == 40)
        for (k, p) in scene.particles.enumerated() {
            #expect(p.birthTime == 0.5 + Double(k) / 20)
            #expect(p.initialPosition.y == -20)
        }
        #expect(ConfettiEmission(rate: 3, duration: 1).count == 3)          // 0, 1/3, 2/3
        #expect(ConfettiEmission(rate: 2.5, duration: 1).count == 3)        // 0, 0.4, 0.8
        #expect(ConfettiEmission(rate: 10, duration: 0.05).count == 1)
        // A longer emission keeps the earlier particles.
        let longer = try ConfettiScene(size: canvas, bursts: [],
                                       emissions: [ConfettiEmission(rate: 20, start: 0.5, duration: 3)], seed: 1)
        #expect(Array(longer.particles.prefix(40)) == scene.particles)
    }

    @Test func outOfRangeBurstsThrowNamingTheField() {
        expectInvalidInput("bursts[0].count must be between 1 and 100000 particles; it is 500000.",
                           at: .init(keyPath: "bursts[0].count")) {
            _ = try ConfettiScene(size: canvas, bursts: [ConfettiBurst(count: 500_000)])
        }
        expectInvalidInput("bursts[1].count must be between 1 and 100000 particles; it is 0.",
                           at: .init(keyPath: "bursts[1].count")) {
            _ = try ConfettiScene(size: canvas, bursts: [ConfettiBurst(), ConfettiBurst(count: 0)])
        }
        expectInvalidInput("bursts[0].palette must be a non-empty list of colours; it is empty.",
                           at: .init(keyPath: "bursts[0].palette")) {
            _ = try ConfettiScene(size: canvas, bursts: [ConfettiBurst(style: ConfettiStyle(palette: []))])
        }
        expectInvalidInput("bursts[0].scale must be greater than 0 and at most 1000; it is 0.",
                           at: .init(keyPath: "bursts[0].scale")) {
            _ = try ConfettiScene(size: canvas, bursts: [ConfettiBurst(style: ConfettiStyle(scale: 0))])
        }
        expectInvalidInput("emissions[0] must be at most 100000 particles (rate × duration); it is 110000 particles.",
                           at: .init(keyPath: "emissions[0]")) {
            _ = try ConfettiScene(size: canvas, emissions: [ConfettiEmission(rate: 10_000, duration: 11)])
        }
        expectInvalidInput("The confetti canvas size must be positive and finite; it is 0×0.", at: .init()) {
            _ = try ConfettiScene(size: .zero)
        }
        expectInvalidInput(
            "bursts[0].emitter.speed must be a range [low, high] or one number with every number between 0 and "
                + "1000000 points per second; it is [-5, 1].",
            at: .init(keyPath: "bursts[0].emitter.speed")) {
            _ = try ConfettiScene(size: canvas, bursts: [ConfettiBurst(emitter: .point(speed: -5...1))])
        }
    }

    @Test func shapesFitTheParticlesRectangle() throws {
        let rect = CGRect(x: -6, y: -3.5, width: 12, height: 7)
        for shape in [ConfettiShape.rectangle, .circle, .triangle, .star, try ConfettiShape.svg("M0 0 L100 0 L50 300 Z")] {
            let bounds = shape.path(in: rect).boundingRect
            #expect(abs(bounds.minX - rect.minX) < 1e-9 && abs(bounds.maxX - rect.maxX) < 1e-9, "\(shape)")
            #expect(abs(bounds.minY - rect.minY) < 1e-9 && abs(bounds.maxY - rect.maxY) < 1e-9, "\(shape)")
        }
        expectFlipbookError(.invalidInput) { _ = try ConfettiShape.svg("M0 0 L") }
        expectInvalidInput(
            #"The SVG path data for a confetti shape is empty: expected commands such as "M0 0 L10 0 L5 8 Z"."#,
            at: .init()) { _ = try ConfettiShape.svg("") }
        // The star's tip is at the top centre.
        #expect(ConfettiShape.star.path(in: rect).contains(CGPoint(x: 0, y: -3)))
        #expect(!ConfettiShape.triangle.path(in: rect).contains(CGPoint(x: -5.5, y: -3)))
    }
}
