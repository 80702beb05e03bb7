import FlipbookDrawing
import Foundation

extension SceneFile {
    /// The timeline this file describes, with every default filled in.
    ///
    /// - Throws: ``FlipbookError`` (kind `.invalidArgument`) naming the first out-of-range value by
    ///   its key path, e.g. "layers[1].bursts[0].count must be between 1 and 100000; it is 500000."
    public func makeTimeline() throws -> Timeline {
        let size = self.size ?? SceneFile.defaultSize
        let scale = self.scale ?? SceneFile.defaultScale
        let fps = self.fps ?? SceneFile.defaultFPS
        let duration = self.duration ?? SceneFile.defaultDuration
        // The canvas is checked first (the scenes are laid out for it) by the one timeline check.
        _ = try Timeline(size: size, scale: CGFloat(scale), fps: fps, duration: duration)
        var layers: [Timeline.Layer] = []
        for (index, layer) in (self.layers ?? []).enumerated() {
            let path = "layers[\(index)]"
            let start = layer.start ?? 0
            try check(start.isFinite && abs(start) <= SceneFile.maximumDuration, "\(path).start",
                      "a finite number of seconds", number(start))
            if let end = layer.end {
                try check(end.isFinite && end > start, "\(path).end", "after the layer's start (\(number(start)) s)", number(end))
            }
            let opacity = layer.opacity ?? 1
            try check(opacity.isFinite && (0...1).contains(opacity), "\(path).opacity", "between 0 and 1", number(opacity))
            let scene: any Scene
            switch layer.content {
            case .confetti(let parameters):
                scene = try parameters.makeScene(canvas: size, keyPath: path)
            case .ripples(let parameters):
                // Generators without their own end run to the end of the timeline, in the layer's clock.
                scene = try parameters.makeScene(canvas: size, sceneDuration: duration - start, keyPath: path)
            }
            layers.append(Timeline.Layer(scene, start: start, end: layer.end, opacity: opacity))
        }
        return try Timeline(
            size: size, scale: CGFloat(scale), fps: fps, duration: duration, background: background, layers: layers)
    }
}

extension SceneFile.ConfettiParameters {
    /// The confetti scene, aimed at a canvas of `canvas` points.
    public func makeScene(canvas: CGSize) throws -> ConfettiScene {
        try makeScene(canvas: canvas, keyPath: nil)
    }

    func makeScene(canvas: CGSize, keyPath: String?) throws -> ConfettiScene {
        let bursts = self.bursts ?? (emissions == nil ? [ConfettiBurst()] : [])
        return try ConfettiScene(
            size: canvas, bursts: bursts, emissions: emissions ?? [], seed: seed ?? 0,
            physics: physics ?? ConfettiPhysics(), keyPath: keyPath.map { "\($0)." } ?? "")
    }
}

extension SceneFile.RipplesParameters {
    /// The ripples scene on a canvas of `canvas` points; rain without a duration lasts `sceneDuration`.
    public func makeScene(canvas: CGSize, sceneDuration: TimeInterval) throws -> RipplesScene {
        try makeScene(canvas: canvas, sceneDuration: sceneDuration, keyPath: nil)
    }

    func makeScene(canvas: CGSize, sceneDuration: TimeInterval, keyPath: String?) throws -> RipplesScene {
        func key(_ name: String) -> String { keyPath.map { "\($0).\(name)" } ?? name }
        let palette = self.palette ?? RipplesScene.palette
        try check(!palette.isEmpty, key("palette"), "a non-empty list of colours", "empty")
        let lifetime = self.lifetime ?? 14
        try check(lifetime.isFinite && lifetime > 0 && lifetime <= SceneFile.maximumDuration, key("lifetime"),
                  "greater than 0 and at most \(Int(SceneFile.maximumDuration)) seconds", number(lifetime))
        let speed = self.speed ?? 40
        try check(speed.isFinite && speed >= 0 && speed <= 1e6, key("speed"),
                  "between 0 and 1000000 points per second", number(speed))
        let lineWidth = self.lineWidth ?? 2
        try check(lineWidth.isFinite && lineWidth > 0 && lineWidth <= 10_000, key("lineWidth"),
                  "greater than 0 and at most 10000 points", number(lineWidth))
        let opacity = rippleOpacity ?? 0.5
        try check(opacity.isFinite && (0...1).contains(opacity), key("rippleOpacity"), "between 0 and 1", number(opacity))
        let cap = maximumNumberOfRipples ?? 1000
        try check((1...1_000_000).contains(cap), key("maximumNumberOfRipples"), "between 1 and 1000000", cap)

        var all: [Ripple] = []
        for (i, description) in (ripples ?? []).enumerated() {
            let path = key("ripples[\(i)]")
            try check(description.center.x.isFinite && description.center.y.isFinite, "\(path).center", "finite",
                      "[\(description.center.x), \(description.center.y)]")
            let start = description.start ?? 0
            try check(start.isFinite, "\(path).start", "a finite number of seconds", start)
            all.append(Ripple(center: description.center, start: start,
                              color: description.color ?? palette[i % palette.count]))
        }
        if let touches {
            all += try TouchScript(events: touches).ripples(palette: palette, keyPath: key("touches"))
        }
        for (i, rain) in (self.rain ?? []).enumerated() {
            let path = key("rain[\(i)]")
            let start = rain.start ?? 0
            let generator = RippleRain(
                rate: rain.rate ?? 2, start: start, duration: rain.duration ?? max(sceneDuration - start, 0),
                area: rain.area ?? CGRect(origin: .zero, size: canvas), palette: rain.palette ?? palette,
                seed: rain.seed ?? UInt64(i))
            all += try generator.ripples(keyPath: path)
        }
        for (i, trail) in (self.trail ?? []).enumerated() {
            let path = key("trail[\(i)]")
            let route: Path
            switch (trail.path, trail.points) {
            case (let data?, nil):
                do {
                    route = try Path(svgPathData: data)
                } catch let error as FlipbookError {
                    throw FlipbookError.invalidInput("\(path).path is not valid SVG path data: \(error.message)")
                }
            case (nil, let points?):
                try check(points.count >= 2, "\(path).points", "a list of at least two points", "\(points.count) points")
                route = Path { $0.addLines(points) }
            default:
                throw FlipbookError.invalidInput(
                    "\(path) needs exactly one of \"path\" (SVG path data) or \"points\" (a list of [x, y]).")
            }
            let generator = RippleTrail(
                path: route, start: trail.start ?? 0, duration: trail.duration ?? 1, rate: trail.rate ?? 30,
                color: trail.color ?? palette[0])
            all += try generator.ripples(keyPath: path)
        }
        try check(all.count <= 1_000_000, keyPath ?? "The ripples scene", "at most 1000000 ripples in all", all.count)
        return RipplesScene(
            ripples: all, lifetime: lifetime, speed: CGFloat(speed), lineWidth: CGFloat(lineWidth), opacity: opacity,
            maximumNumberOfRipples: cap)
    }
}

/// A number as a person writes it: `3` rather than `3.0`.
func number(_ value: Double) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
}

func number(_ value: CGFloat) -> String { number(Double(value)) }
