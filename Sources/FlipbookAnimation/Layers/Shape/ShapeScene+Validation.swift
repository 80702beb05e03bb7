import FlipbookDrawing
import Foundation

extension ShapeScene {
    /// The longest side of a shape's box, in points.
    public static let maximumSide: Double = 100_000

    /// Checks every value, naming the first bad one under `keyPath` (`layers[2].stroke.width`).
    public func validate(keyPath: String) throws {
        if let size { try checkBoxSize(size, joinKeyPath(keyPath, "size")) }
        if case .roundedRect(let radius, _) = outline {
            try check(radius, "\(keyPath).cornerRadius", "between 0 and \(formatNumber(Self.maximumSide)) points",
                      formatNumber) { (0...Self.maximumSide).contains($0) }
        }
        if case .path(let path) = outline, !path.isFinite {
            throw FlipbookError(invalid: "\(keyPath).path", "must have finite coordinates.", at: .init(keyPath: "\(keyPath).path"))
        }
        if let fill { try fill.validate(keyPath: joinKeyPath(keyPath, "fill")) }
        if let stroke { try stroke.validate(keyPath: joinKeyPath(keyPath, "stroke")) }
        if let trim {
            try check(trim, "\(keyPath).trim", "[from, to] with each between 0 and 1",
                      { "[\(formatNumber($0.from)), \(formatNumber($0.to))]" }) {
                (0...1).contains($0.from) && (0...1).contains($0.to)
            }
        }
    }
}

/// Checks a box's keyframed size: each side finite and within 0...``ShapeScene/maximumSide``.
func checkBoxSize(_ size: Keyframed<CGSize>, _ keyPath: String) throws {
    try check(size, keyPath, "a size with each side between 0 and \(formatNumber(ShapeScene.maximumSide)) points",
              { "[\(formatNumber(Double($0.width))), \(formatNumber(Double($0.height)))]" }) {
        $0.width.isFinite && $0.height.isFinite && (0...ShapeScene.maximumSide).contains(Double($0.width))
            && (0...ShapeScene.maximumSide).contains(Double($0.height))
    }
}

extension ShapeScene.Stroke {
    /// Checks the width, dashes and miter limit.
    func validate(keyPath: String) throws {
        try paint.validate(keyPath: keyPath, colorKey: "color")
        try check(width, "\(keyPath).width", "between 0 and 10000 points", formatNumber) { (0...1e4).contains($0) }
        for (index, length) in dash.enumerated() where !(0...1e6).contains(length) {
            throw FlipbookError.mustBe("\(keyPath).dash[\(index)]", "between 0 and 1000000 points", itIs: formatNumber(length))
        }
        try check(dashPhase, "\(keyPath).dashPhase", "within ±1000000 points", formatNumber) { abs($0) <= 1e6 }
        try check(miterLimit, "\(keyPath).miterLimit", "between 1 and 10000", formatNumber) { (1...1e4).contains($0) }
    }
}
