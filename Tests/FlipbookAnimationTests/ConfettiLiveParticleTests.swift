@testable import FlipbookAnimation
import FlipbookDrawing
import Foundation
import Testing

/// A frame visits only the live run of birth-sorted particles, read from flat arrays; these tests
/// hold it to drawing every particle's ``ConfettiParticle/state(at:physics:)`` by hand.
@Suite("Confetti: a frame draws exactly the live particles")
struct ConfettiLiveParticleTests {
    /// Draws each particle as the scene's documentation says, visiting all of them.
    struct HandDrawn: Scene {
        let particles: [ConfettiParticle]
        let physics: ConfettiPhysics
        func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
            for particle in particles {
                guard let state = particle.state(at: time, physics: physics) else { continue }
                var ctx = context
                ctx.opacity = state.opacity
                ctx.translateBy(x: state.position.x, y: state.position.y)
                ctx.rotate(by: state.rotation)
                let width = state.apparentWidth, height = particle.size.height
                ctx.fill(particle.shape.path(in: CGRect(x: -width / 2, y: -height / 2, width: width, height: height)),
                         with: .color(particle.color))
            }
        }
    }

    /// A particle dropped from (`x`, 10) at `birth`, falling straight down.
    static func particle(x: CGFloat, birth: TimeInterval, color: Color, shape: ConfettiShape = .rectangle) -> ConfettiParticle {
        ConfettiParticle(
            color: color, size: CGSize(width: 14, height: 9), initialPosition: CGPoint(x: x, y: 10),
            initialVelocity: CGVector(dx: 0, dy: 0), initialRotation: 20, rotationSpeed: 30, birthTime: birth,
            flutterAmplitude: 0, flutterFrequency: 0, flutterPhase: 0, flipFrequency: 1, flipPhase: 0,
            spreadStrength: 0, shape: shape)
    }

    @Test func particlesAtTheEdgesOfTheirLivesAreDrawnExactlyWhenTheirStateSaysSo() throws {
        let physics = ConfettiPhysics()
        let time = 2.0
        // Ages, in birth order: past the lifetime, exactly the lifetime (gone), just under it (faded
        // to nothing), fading (half), in the middle, exactly 0 (just born), and not yet born.
        let births = [time - 1.6, time - physics.lifetime, time - physics.lifetime.nextDown, time - 1.3, time - 0.7,
                      time, time.nextUp, time + 0.2]
        let palette: [Color] = [.red, .orange, .green, .blue, .purple, .pink, .teal, .indigo]
        let particles = births.enumerated().map { i, birth in
            Self.particle(x: 20 + CGFloat(i) * 28, birth: birth, color: palette[i], shape: i == 4 ? .circle : .rectangle)
        }
        let alive = particles.filter { $0.state(at: time, physics: physics) != nil }.map(\.birthTime)
        #expect(alive == Array(births[2...5]))

        let scene = ConfettiScene(particles: particles, physics: physics)
        let expected = pixelBytes(try render(HandDrawn(particles: particles, physics: physics), at: time))
        #expect(pixelBytes(try render(scene, at: time)) == expected)
        // Out of birth order, the scene visits every particle; the same particles still draw the same.
        let shuffled = ConfettiScene(particles: particles.reversed(), physics: physics)
        #expect(pixelBytes(try render(shuffled, at: time)) == expected)
        // The fading particle and the one just born are drawn: their columns have ink.
        let frame = try render(scene, at: time)
        for x in [20 + 3 * 28, 20 + 5 * 28] {
            #expect((0..<160).contains { frame.pixel(x: x, y: $0) != .white }, "column \(x)")
        }
    }

    @Test func aBurstAimedAtTheCanvasDrawsWhatItsParticlesDrawByHand() throws {
        let physics = ConfettiPhysics(lifetime: 1.2, fadeOutDuration: 0.5)
        let bursts = (0..<4).map { ConfettiBurst(time: Double($0) * 0.4, count: 150) }
        let aimed = try ConfettiScene(bursts: bursts, seed: 9, physics: physics)
        let fixed = try ConfettiScene(size: smallCanvas, bursts: bursts, seed: 9, physics: physics)
        var drawn = 0
        for time in stride(from: 0.0, through: 2.4, by: 0.2) {
            let expected = pixelBytes(try render(HandDrawn(particles: fixed.particles, physics: physics), at: time))
            #expect(pixelBytes(try render(aimed, at: time)) == expected, "t = \(time)")
            #expect(pixelBytes(try render(fixed, at: time)) == expected, "t = \(time)")
            drawn += fixed.particles.filter { $0.state(at: time, physics: physics) != nil }.count
        }
        #expect(drawn > 1_000)
    }

    @Test func aSceneGivesBackExactlyTheParticlesItWasMadeWith() throws {
        // Every field different from particle to particle and from field to field, births out of
        // order, and every kind of shape: the scene keeps them only as the arrays a frame reads.
        let shapes: [ConfettiShape] = [.rectangle, .circle, .triangle, .star, .text("🎉", font: "Noto Color Emoji"),
                                       .text("A"), .custom(Path(ellipseIn: CGRect(x: 0, y: 0, width: 3, height: 2)))]
        let particles = (0..<40).map { i -> ConfettiParticle in
            let v = Double(i)
            return ConfettiParticle(
                color: Color(red: v / 40, green: 1 - v / 40, blue: 0.25, opacity: 0.5 + v / 100),
                size: CGSize(width: 3 + v, height: 2 + v / 3), initialPosition: CGPoint(x: v * 7.5, y: -v),
                initialVelocity: CGVector(dx: -v * 1.25, dy: v - 20), initialRotation: v * 11, rotationSpeed: -v * 13,
                birthTime: (v * 0.37).truncatingRemainder(dividingBy: 3), flutterAmplitude: v / 7,
                flutterFrequency: v / 9, flutterPhase: -v / 11, flipFrequency: v / 13, flipPhase: v / 17,
                spreadStrength: v / 19, shape: shapes[i % shapes.count])
        }
        #expect(ConfettiScene(particles: particles).particles == particles)
        let sized = try ConfettiScene(size: smallCanvas, bursts: [ConfettiBurst(count: 300)], seed: 4)
        #expect(sized.particles.count == 300)
        #expect(ConfettiScene(particles: sized.particles).particles == sized.particles)
    }
}
