import FlipbookDrawing

/// A scene's particles, and the same particles as flat arrays a frame reads in place (motions,
/// colours, shapes, in the same order), with whether they are sorted by birth time, which lets a
/// frame visit only the live ones. Reading a whole particle (242 bytes, with its shape's
/// references) for each one every frame cost more than the reading was worth.
struct ConfettiFlock: Sendable {
    let particles: [ConfettiParticle]
    let motions: [ConfettiMotion]
    let colors: [Color]
    let shapes: [ConfettiShape]
    let sortedByBirth: Bool

    init(_ particles: [ConfettiParticle]) {
        self.particles = particles
        motions = particles.map(ConfettiMotion.init)
        colors = particles.map(\.color)
        shapes = particles.map(\.shape)
        sortedByBirth = zip(particles, particles.dropFirst()).allSatisfy { $0.birthTime <= $1.birthTime }
    }

    static let empty = ConfettiFlock([])
}
