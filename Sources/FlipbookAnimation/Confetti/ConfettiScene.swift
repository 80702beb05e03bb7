import FlipbookDrawing
import Foundation

/// Physics-based confetti, drawn as the SwiftUI Canvas article draws it.
///
/// Build it from explicit particles, or from bursts and emissions, which are turned into particles
/// once, when the scene is made, from a seed. Drawing is then a pure function of time: each live
/// particle's ``ConfettiParticle/state(at:physics:)`` is computed in closed form and drawn on a copy
/// of the context — opacity, translate to the position, rotate, fill the shape in the rectangle
/// (−w/2, −h/2, w, h) where w is the flipped width.
///
/// ```swift
/// let confetti = try ConfettiScene(bursts: [ConfettiBurst(), ConfettiBurst(time: 0.8)], seed: 7)
/// let aimed = try ConfettiScene(size: CGSize(width: 390, height: 844), bursts: [ConfettiBurst()], seed: 7)
/// ```
public struct ConfettiScene: SoundingScene {
    /// The most particles one scene may hold.
    public static let maximumParticleCount = 1_000_000

    /// The particles, in drawing order (later ones on top). Empty for a scene made with
    /// ``init(bursts:emissions:seed:physics:)``, whose particles depend on the canvas it is drawn on.
    ///
    /// - Complexity: O(*n*): the scene keeps its particles in the arrays a frame reads, and makes
    ///   this array from them at each access.
    public var particles: [ConfettiParticle] { fixed.particles }
    // The particles given to init(particles:physics:) (none for a scene aimed at its canvas).
    private let fixed: ConfettiFlock
    // Bursts aimed at whatever canvas the scene is drawn on; nil when the particles are fixed.
    private let aimedAtCanvas: CanvasAimedParticles?
    /// The motion model.
    public var physics: ConfettiPhysics
    /// Each burst's launch, weighted by its size (``SoundEvent/weight``: the square root of its count
    /// over the default count), for a layer's sound. None for a scene made from particles.
    public private(set) var soundEvents: [SoundEvent] = []
    /// Whether particles that cannot touch the visible area are skipped. Internal so tests can show
    /// that skipping changes no pixel.
    var cullsInvisibleParticles = true

    /// A scene drawing exactly these particles, in this order.
    public init(particles: [ConfettiParticle], physics: ConfettiPhysics = ConfettiPhysics()) {
        fixed = ConfettiFlock(particles)
        self.physics = physics
        aimedAtCanvas = nil
    }

    /// A scene whose bursts and emissions aim at whatever canvas it is drawn on.
    ///
    /// The article's burst needs the canvas width and height; this scene makes its particles the
    /// first time it is drawn at a size, from `seed`, and reuses them for every later frame of that
    /// size (from any thread). The same seed and size always give the same particles, exactly as
    /// ``init(size:bursts:emissions:seed:physics:)`` would make them for that size.
    ///
    /// - Throws: ``FlipbookError`` naming the first out-of-range parameter.
    public init(
        bursts: [ConfettiBurst] = [ConfettiBurst()], emissions: [ConfettiEmission] = [],
        seed: UInt64 = 0, physics: ConfettiPhysics = ConfettiPhysics()
    ) throws {
        try ConfettiScene.validate(bursts: bursts, emissions: emissions, physics: physics, keyPath: "")
        fixed = .empty
        self.physics = physics
        aimedAtCanvas = CanvasAimedParticles(bursts: bursts, emissions: emissions, seed: seed)
        soundEvents = ConfettiScene.events(of: bursts)
    }

    /// A scene whose particles come from bursts and emissions aimed at a canvas of `size` points.
    ///
    /// The particles are made here, once: the cannon and rain emitters place and aim them relative to
    /// `size` (the article's default burst needs the canvas width and height). Drawing the scene on a
    /// canvas of another size draws the same particles at the same points; it does not rescale them.
    /// Particles are ordered by birth time (ties keep burst order, bursts before emissions).
    ///
    /// - Parameters:
    ///   - size: The canvas size in points that the emitters aim at.
    ///   - bursts: Particles launched together; by default one article burst at time 0.
    ///   - emissions: Steady streams of particles.
    ///   - seed: The seed all randomness comes from; the same seed gives the same picture.
    ///   - physics: The motion model.
    /// - Throws: ``FlipbookError`` naming the first out-of-range parameter, e.g.
    ///   "bursts[0].count must be between 1 and 100000; it is 500000."
    public init(
        size: CGSize, bursts: [ConfettiBurst] = [ConfettiBurst()], emissions: [ConfettiEmission] = [],
        seed: UInt64 = 0, physics: ConfettiPhysics = ConfettiPhysics()
    ) throws {
        try self.init(size: size, bursts: bursts, emissions: emissions, seed: seed, physics: physics, keyPath: "")
    }

    /// The throwing initializer, with `keyPath` prefixed to every validation message (for scene files).
    package init(
        size: CGSize, bursts: [ConfettiBurst], emissions: [ConfettiEmission], seed: UInt64,
        physics: ConfettiPhysics, keyPath: String
    ) throws {
        try check(size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0,
                  subject: "The confetti canvas size", "positive and finite",
                  "\(formatNumber(size.width))×\(formatNumber(size.height))")
        try ConfettiScene.validate(bursts: bursts, emissions: emissions, physics: physics, keyPath: keyPath)
        self.init(
            particles: ConfettiScene.particles(in: size, bursts: bursts, emissions: emissions, seed: seed),
            physics: physics)
        soundEvents = ConfettiScene.events(of: bursts)
    }

    /// The bursts' launches, in time order.
    static func events(of bursts: [ConfettiBurst]) -> [SoundEvent] {
        bursts.map { SoundEvent(time: $0.time, weight: (Double($0.count) / Double(ConfettiBurst.defaultCount)).squareRoot()) }
            .sorted { $0.time < $1.time }
    }

    private static func validate(
        bursts: [ConfettiBurst], emissions: [ConfettiEmission], physics: ConfettiPhysics, keyPath: String
    ) throws {
        try physics.validate(keyPath: "\(keyPath)physics")
        var total = 0
        for (i, burst) in bursts.enumerated() {
            try burst.validate(keyPath: "\(keyPath)bursts[\(i)]")
            total += burst.count
        }
        for (i, emission) in emissions.enumerated() {
            try emission.validate(keyPath: "\(keyPath)emissions[\(i)]")
            total += emission.count
        }
        let requirement = "at most \(ConfettiScene.maximumParticleCount) particles in all (bursts and emissions together)"
        if keyPath.isEmpty {
            try check(total <= ConfettiScene.maximumParticleCount, subject: "A confetti scene", requirement, total)
        } else {
            // Named by the layer's key path, so a scene file can point at the layer.
            try check(total <= ConfettiScene.maximumParticleCount, String(keyPath.dropLast()), requirement, total)
        }
    }

    /// The particles of already-validated bursts and emissions aimed at a canvas of `size` points,
    /// ordered by birth time (ties keep burst order, bursts before emissions).
    static func particles(
        in size: CGSize, bursts: [ConfettiBurst], emissions: [ConfettiEmission], seed: UInt64
    ) -> [ConfettiParticle] {
        var particles: [ConfettiParticle] = []
        particles.reserveCapacity(bursts.reduce(0) { $0 + $1.count } + emissions.reduce(0) { $0 + $1.count })
        for (i, burst) in bursts.enumerated() {
            particles += burst.particles(in: size, seed: seed, index: i)
        }
        for (i, emission) in emissions.enumerated() {
            particles += emission.particles(in: size, seed: seed, index: i)
        }
        // A stable sort, so particles born together keep their burst order.
        return particles.enumerated().sorted {
            ($0.element.birthTime, $0.offset) < ($1.element.birthTime, $1.offset)
        }.map(\.element)
    }

    /// Draws every particle alive at `time`.
    public func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        guard time.isFinite else { return }
        let flock = aimedAtCanvas?.flock(for: size) ?? fixed
        let visible = context.clipBoundingRect
        flock.motions.withUnsafeBufferPointer { motions in
            for index in candidateIndices(of: motions, sorted: flock.sortedByBirth, at: time) {
                guard let state = motions[index].state(at: time, physics: physics) else { continue }
                draw(state, size: CGSize(width: motions[index].width, height: motions[index].height),
                     color: flock.colors[index], shape: flock.shapes[index], in: &context, visible: visible)
            }
        }
    }

    /// Draws one live particle in `state` if it is visible; `size` is its unflipped size.
    private func draw(_ state: ConfettiParticle.State, size: CGSize, color: Color, shape: ConfettiShape,
                      in context: inout CairoCanvas, visible: CGRect) {
        let width = state.apparentWidth, height = size.height, full = size.width
        guard state.position.x.isFinite, state.position.y.isFinite, state.rotation.radians.isFinite,
              width.isFinite, height.isFinite
        else { return }
        if cullsInvisibleParticles {
            if state.opacity <= 0 || width <= 0 || height <= 0 { return }
            // The rotated rectangle stays within its half-diagonal of the centre, whatever the angle;
            // text is as tall as the longer side and (generously) 1.5 times that wide per character.
            var reach = (width * width + height * height).squareRoot() / 2 + 1
            if case .text(let text, _) = shape {
                reach = max(full, height) * (1 + 0.75 * CGFloat(text.count)) + 1
            }
            if case .image(let image) = shape { reach = max(full, height) * max(1, image.aspectRatio) + 1 }
            if state.position.x + reach < visible.minX || state.position.x - reach > visible.maxX
                || state.position.y + reach < visible.minY || state.position.y - reach > visible.maxY {
                return
            }
        }
        // The particle's opacity and placement are set on the context itself and put back after: a
        // copy of the context per particle (its bytes, and a retain and release of each reference it
        // holds) cost B2's 10,000 particles some 5 % of their frame. Drawing changes nothing else.
        let opacity = context.opacity, transform = context.transform
        defer {
            context.opacity = opacity
            context.transform = transform
        }
        context.opacity = opacity * state.opacity
        context.translateBy(x: state.position.x, y: state.position.y)
        context.rotate(by: state.rotation)
        if case .text(let text, let font) = shape {
            // As tall as the longer side; the flip squashes it like the paper shapes.
            guard full > 0 else { return }
            context.draw(TextSymbol(text, fontName: font), height: max(full, height), widthScale: width / full, color: color)
            return
        }
        if case .image(let image) = shape {
            // As tall as the longer side, as wide as the picture's shape says, squashed by the flip.
            guard full > 0, let bitmap = image.bitmap else { return }
            let side = max(full, height), imageWidth = side * image.aspectRatio * (width / full)
            context.draw(bitmap, in: CGRect(x: -imageWidth / 2, y: -side / 2, width: imageWidth, height: side))
            return
        }
        let rect = CGRect(x: -width / 2, y: -height / 2, width: width, height: height)
        context.fill(shape.path(in: rect), with: .color(color))
    }

    /// Indices of the particles that may be alive at `time`, in drawing order.
    ///
    /// With particles sorted by birth time, exactly the live ones: the age `time − birthTime` falls as
    /// the birth time rises (rounded subtraction keeps that order), so the particles whose age is in
    /// `0 ..< lifetime`, the test ``ConfettiParticle/state(at:physics:)`` makes, are one run.
    private func candidateIndices(of motions: UnsafeBufferPointer<ConfettiMotion>, sorted: Bool,
                                  at time: TimeInterval) -> Range<Int> {
        guard sorted else { return motions.indices }
        let lifetime = physics.lifetime
        let lower = firstIndex(in: motions) { time - $0.birthTime < lifetime }
        let upper = firstIndex(in: motions) { time - $0.birthTime < 0 }
        return lower..<max(lower, upper)
    }

    /// The first index whose particle satisfies `isAfter` (particles are sorted by birth time).
    private func firstIndex(in motions: UnsafeBufferPointer<ConfettiMotion>,
                            where isAfter: (ConfettiMotion) -> Bool) -> Int {
        var low = 0, high = motions.count
        while low < high {
            let mid = (low + high) / 2
            if isAfter(motions[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
