import FlipbookDrawing
import Foundation

extension LayerGradient {
    /// The largest radius in points, and the largest coordinate of a unit point: far beyond any box,
    /// and small enough that Cairo's fixed-point geometry stays exact.
    package static let radiusLimit = 1e6

    /// Checks the stops, points, radii and angle, naming each under `keyPath` (`layers[0].fill.gradient`).
    func validate(keyPath path: String) throws {
        guard !stops.isEmpty else {
            throw FlipbookError(invalid: path, "must have at least one colour.", at: .init(keyPath: path))
        }
        for (index, stop) in stops.enumerated() {
            try stop.color.validate(keyPath: "\(path).stops[\(index)].color")
            try check(stop.location, "\(path).stops[\(index)].location", "between 0 and 1", formatNumber) { (0...1).contains($0) }
        }
        let showPoint = { (u: UnitPoint) in "[\(formatNumber(Double(u.x))), \(formatNumber(Double(u.y)))]" }
        for (key, value) in [("startPoint", startPoint), ("endPoint", endPoint), ("center", center)] {
            try check(value, "\(path).\(key)", "a finite unit point", showPoint) { within([$0.x, $0.y], Self.radiusLimit) }
        }
        let radius = "between 0 and \(formatNumber(Self.radiusLimit)) points"
        try check(startRadius, "\(path).startRadius", radius, formatNumber) { (0...Self.radiusLimit).contains($0) }
        if let endRadius {
            try check(endRadius, "\(path).endRadius", radius, formatNumber) { (0...Self.radiusLimit).contains($0) }
        }
        try check(angle, "\(path).angle", "a finite number of degrees", { formatNumber($0.degrees) }) {
            within([CGFloat($0.degrees)], 1e9)
        }
    }
}
