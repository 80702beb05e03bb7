import FlipbookDrawing
import Foundation

/// The numbers a particle's motion depends on, as one plain value: a scene draws from an array of
/// these, which a frame reads without copying each particle's colour and shape (and without their
/// reference counting) just to learn that it is not alive.
struct ConfettiMotion: Sendable {
    var birthTime: TimeInterval
    var x0: CGFloat, y0: CGFloat
    var vx: CGFloat, vy: CGFloat
    var initialRotation: Double, rotationSpeed: Double
    var flutterAmplitude: CGFloat, flutterFrequency: CGFloat, flutterPhase: CGFloat
    var flipFrequency: CGFloat, flipPhase: CGFloat
    var spreadStrength: CGFloat
    /// The unflipped size.
    var width: CGFloat, height: CGFloat

    init(_ particle: ConfettiParticle) {
        birthTime = particle.birthTime
        (x0, y0) = (particle.initialPosition.x, particle.initialPosition.y)
        (vx, vy) = (particle.initialVelocity.dx, particle.initialVelocity.dy)
        (initialRotation, rotationSpeed) = (particle.initialRotation, particle.rotationSpeed)
        (flutterAmplitude, flutterFrequency, flutterPhase) =
            (particle.flutterAmplitude, particle.flutterFrequency, particle.flutterPhase)
        (flipFrequency, flipPhase) = (particle.flipFrequency, particle.flipPhase)
        spreadStrength = particle.spreadStrength
        (width, height) = (particle.size.width, particle.size.height)
    }

    /// The particle this motion was taken from, given its colour and shape.
    func particle(color: Color, shape: ConfettiShape) -> ConfettiParticle {
        ConfettiParticle(
            color: color, size: CGSize(width: width, height: height), initialPosition: CGPoint(x: x0, y: y0),
            initialVelocity: CGVector(dx: vx, dy: vy), initialRotation: initialRotation, rotationSpeed: rotationSpeed,
            birthTime: birthTime, flutterAmplitude: flutterAmplitude, flutterFrequency: flutterFrequency,
            flutterPhase: flutterPhase, flipFrequency: flipFrequency, flipPhase: flipPhase,
            spreadStrength: spreadStrength, shape: shape)
    }

    /// ``ConfettiParticle/state(at:physics:)``, whose documentation gives the formulas.
    @inline(__always)
    func state(at time: TimeInterval, physics: ConfettiPhysics) -> ConfettiParticle.State? {
        let t = time - birthTime
        guard t >= 0, t < physics.lifetime else { return nil }
        let drag = physics.drag
        let dragFactor = 1 - exp(-drag * t)
        let spreadDirection: CGFloat = vx >= 0 ? 1 : -1
        var x = x0
            + (vx / drag) * dragFactor
            + flutterAmplitude * sin(flutterFrequency * t + flutterPhase)
            + spreadDirection * spreadStrength * t * t
        var y = y0
            + (vy / drag) * dragFactor
            + physics.terminalVelocity * (t - dragFactor / drag)
        if physics.wind != .zero {
            let relaxed = t - dragFactor / drag
            x += physics.wind.dx * relaxed
            y += physics.wind.dy * relaxed
        }
        let remaining = physics.lifetime - t
        let opacity = remaining < physics.fadeOutDuration ? remaining / physics.fadeOutDuration : 1
        let flip = max(physics.minimumFlipScale, abs(cos(flipFrequency * t + flipPhase)))
        return ConfettiParticle.State(
            position: CGPoint(x: x, y: y),
            rotation: .degrees(initialRotation + rotationSpeed * t),
            opacity: opacity,
            apparentWidth: width * flip)
    }
}
