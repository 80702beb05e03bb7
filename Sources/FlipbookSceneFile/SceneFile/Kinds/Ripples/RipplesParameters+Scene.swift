import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.RipplesParameters {
    /// The ripples scene on a canvas of `canvas` points; rain without a duration lasts to
    /// `sceneDuration` (and a rain that would start after it makes no drops).
    public func makeScene(canvas: CGSize, sceneDuration: TimeInterval) throws -> RipplesScene {
        try makeScene(canvas: canvas, sceneDuration: sceneDuration, keyPath: nil)
    }

    func makeScene(canvas: CGSize, sceneDuration: TimeInterval, keyPath: String?) throws -> RipplesScene {
        func key(_ name: String) -> String { keyPath.map { joinKeyPath($0, name) } ?? name }
        // Touches, rain and trails are checked by the script and generators they make; every other
        // key by the table (RipplesScene takes any value, so nothing else checks them).
        let checkedByTheirGenerators: Set = ["touches", "rain", "trail"]
        try SceneFile.RipplesParameters.parameters.validate(
            self, keyPath: keyPath ?? "", keys: Set(SceneFile.RipplesParameters.parameters.keys).subtracting(checkedByTheirGenerators))
        let palette = self.palette ?? RipplesScene.palette

        var all: [Ripple] = []
        for (i, description) in (ripples ?? []).enumerated() {
            all.append(Ripple(center: description.center, start: description.start ?? 0,
                              color: description.color ?? palette[i % palette.count]))
        }
        if let touches {
            all += try TouchScript(events: touches).ripples(palette: palette, keyPath: key("touches"))
        }
        for (i, rain) in (self.rain ?? []).enumerated() {
            let start = rain.start ?? 0
            let generator = RippleRain(
                rate: rain.rate ?? RippleRain.defaultRate, start: start, duration: rain.duration ?? (sceneDuration - start),
                area: rain.area ?? CGRect(origin: .zero, size: canvas), palette: rain.palette ?? palette,
                seed: rain.seed ?? UInt64(i))
            // A rain left to run "to the end" that starts at or after the end has nothing to make;
            // reporting a duration of 0 would be about a key the file never wrote. Its other values are
            // still checked.
            if rain.duration == nil, generator.duration <= 0 {
                try generator.validate(keyPath: key("rain[\(i)]"), includingDuration: false)
                continue
            }
            all += try generator.ripples(keyPath: key("rain[\(i)]"))
        }
        for (i, trail) in (self.trail ?? []).enumerated() {
            let path = key("trail[\(i)]")
            let generator = RippleTrail(
                path: try trail.route(keyPath: path), start: trail.start ?? 0,
                duration: trail.duration ?? RippleTrail.defaultDuration, rate: trail.rate ?? RippleTrail.defaultRate,
                color: trail.color ?? palette[0])
            all += try generator.ripples(keyPath: path)
        }
        let requirement = "at most 1000000 ripples in all (ripples, touches, rain and trails together)"
        if let keyPath {
            try check(all.count <= 1_000_000, keyPath, requirement, all.count)
        } else {
            try check(all.count <= 1_000_000, subject: "A ripples scene", requirement, all.count)
        }
        return RipplesScene(
            ripples: all, lifetime: lifetime ?? RipplesScene.defaultLifetime,
            speed: speed.map { CGFloat($0) } ?? RipplesScene.defaultSpeed,
            lineWidth: lineWidth.map { CGFloat($0) } ?? RipplesScene.defaultLineWidth,
            opacity: rippleOpacity ?? RipplesScene.defaultOpacity,
            maximumNumberOfRipples: maximumNumberOfRipples ?? RipplesScene.defaultMaximumNumberOfRipples)
    }
}

extension SceneFile.TrailDescription {
    /// The trail's route: its SVG path data or its points, exactly one of which must be given.
    func route(keyPath: String) throws -> Path {
        switch (path, points) {
        case (let data?, nil):
            do {
                return try Path(svgPathData: data)
            } catch let error as FlipbookError {
                throw FlipbookError(invalid: joinKeyPath(keyPath, "path"), "must be SVG path data: \(error.message)",
                                    at: FlipbookError.Location(keyPath: joinKeyPath(keyPath, "path")))
            }
        case (nil, let points?):
            try SceneFile.TrailDescription.parameters.validate(self, keyPath: keyPath, keys: ["points"])
            try check(points.count >= 2, joinKeyPath(keyPath, "points"), "a list of at least two points",
                      "\(points.count) points")
            return Path { $0.addLines(points) }
        default:
            throw FlipbookError(
                invalid: keyPath, #"needs exactly one of "path" (SVG path data) or "points" (a list of [x, y])."#,
                at: FlipbookError.Location(keyPath: keyPath))
        }
    }
}
