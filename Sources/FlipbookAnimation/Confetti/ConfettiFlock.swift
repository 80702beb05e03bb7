import FlipbookDrawing

/// A scene's particles as flat arrays a frame reads in place (motions, colours, shapes, in drawing
/// order), with whether they are sorted by birth time, which lets a frame visit only the live ones.
/// Reading a whole particle (242 bytes, with its shape's references) for each one every frame cost
/// more than the reading was worth; the arrays hold every number of a particle, so the particles
/// are not kept beside them.
struct ConfettiFlock: Sendable {
    let motions: [ConfettiMotion]
    let colors: [Color]
    let shapes: [ConfettiShape]
    let sortedByBirth: Bool

    init(_ particles: [ConfettiParticle]) {
        motions = particles.map(ConfettiMotion.init)
        colors = particles.map(\.color)
        shapes = particles.map(\.shape)
        sortedByBirth = zip(particles, particles.dropFirst()).allSatisfy { $0.birthTime <= $1.birthTime }
    }

    /// The particles the flock was made from, equal to them.
    var particles: [ConfettiParticle] {
        motions.indices.map { motions[$0].particle(color: colors[$0], shape: shapes[$0]) }
    }

    static let empty = ConfettiFlock([])
}
