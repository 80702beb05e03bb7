import FlipbookDrawing
import Foundation

extension Timeline.Layer {
    /// The farthest a layer's position or anchor may lie from the origin, in points (or box sizes).
    public static let maximumOffset: Double = 1e6
    /// The largest scale factor, either way.
    public static let maximumScale: Double = 1e4

    /// Checks the layer's timing, placement, opacity and filters; errors name `keyPath` and the key
    /// under it (`layers[1].opacity[2].time`), which a scene file's reader places at the value.
    public func validate(keyPath path: String) throws {
        try Timeline.checkNesting(keyPath: path)
        let maximum = Timeline.maximumDuration
        guard start.isFinite, abs(start) <= maximum else {
            throw FlipbookError.mustBe("\(path).start", "a number of seconds within ±\(formatNumber(maximum))",
                                       itIs: formatNumber(start))
        }
        if let end, !(end.isFinite && abs(end) <= maximum) {
            throw FlipbookError.mustBe("\(path).end", "a number of seconds within ±\(formatNumber(maximum))",
                                       itIs: formatNumber(end))
        }
        if let end, !(end > start) {
            throw FlipbookError.mustBe("\(path).end", "after the layer's start (\(formatNumber(start)) s)", itIs: formatNumber(end))
        }
        try check(keyframedOpacity, "\(path).opacity", "between 0 and 1", formatNumber) { $0.isFinite && (0...1).contains($0) }
        let offset = "a finite point within ±\(formatNumber(Self.maximumOffset))"
        if let position {
            try check(position, "\(path).position", offset, show) { within([$0.x, $0.y], Self.maximumOffset) }
        }
        try check(anchor, "\(path).anchor", offset, { show(CGPoint(x: $0.x, y: $0.y)) }) {
            within([$0.x, $0.y], Self.maximumOffset)
        }
        try check(rotation, "\(path).rotation", "a finite number of degrees", { formatNumber($0.degrees) }) {
            within([CGFloat($0.degrees)], 1e9)
        }
        try check(scale, "\(path).scale", "a number or [sx, sy] within ±\(formatNumber(Self.maximumScale))",
                  { show(CGPoint(x: $0.width, y: $0.height)) }) { within([$0.width, $0.height], Self.maximumScale) }
        for (index, filter) in filters.enumerated() { try filter.validate(keyPath: "\(path).filters[\(index)]") }
        try motionBlur?.validate(keyPath: "\(path).motionBlur")
        try (scene as? any SelfValidatingScene)?.validate(keyPath: path)
        if let sound {
            guard scene is any SoundingScene else {
                throw FlipbookError(invalid: "\(path).sound", "needs a scene with events (confetti bursts, ripples); this layer's has none.",
                                    at: .init(keyPath: "\(path).sound"))
            }
            try sound.validate(keyPath: "\(path).sound")
        }
    }
}

extension Timeline {
    /// How deep groups and sequences may nest: deep enough for any cut, shallow enough that drawing
    /// (one call per level, on a render thread's stack) cannot run out of stack.
    public static let maximumNesting = 32

    /// Throws when the layer at `path` sits in more than ``maximumNesting`` groups or sequences.
    package static func checkNesting(keyPath path: String) throws {
        let depth = path.components(separatedBy: "layers[").count - 2
        guard depth > maximumNesting else { return }
        throw FlipbookError(invalid: path, "is nested \(depth) groups or sequences deep; layers nest at most "
                                + "\(maximumNesting) deep.", at: .init(keyPath: path))
    }
}

extension Timeline.Layer.Filter {
    /// The largest blur or shadow radius, in points.
    public static let maximumRadius: Double = 1000

    /// Checks the filter's amounts and colours; errors name `keyPath` and the filter's key.
    public func validate(keyPath: String) throws {
        let radius = "between 0 and \(formatNumber(Self.maximumRadius)) points"
        let amount = "a finite number within ±1000"
        let isRadius = { (r: Double) in r.isFinite && (0...Self.maximumRadius).contains(r) }
        let isAmount = { (a: Double) in a.isFinite && abs(a) <= 1000 }
        switch self {
        case .shadow(let color, let r, let x, let y):
            try check(color, "\(keyPath).shadow.color", "a colour", \.fileName) { _ in true }
            try check(r, "\(keyPath).shadow.radius", radius, formatNumber, isRadius)
            try check(x, "\(keyPath).shadow.x", "a finite number of points", formatNumber) { within([CGFloat($0)], 1e6) }
            try check(y, "\(keyPath).shadow.y", "a finite number of points", formatNumber) { within([CGFloat($0)], 1e6) }
        case .blur(let r):
            try check(r, "\(keyPath).blur", radius, formatNumber, isRadius)
        case .brightness(let a):
            try check(a, "\(keyPath).brightness", amount, formatNumber, isAmount)
        case .contrast(let a):
            try check(a, "\(keyPath).contrast", amount, formatNumber, isAmount)
        case .saturation(let a):
            try check(a, "\(keyPath).saturation", amount, formatNumber, isAmount)
        case .grayscale(let a):
            try check(a, "\(keyPath).grayscale", amount, formatNumber, isAmount)
        case .colorInvert(let a):
            try check(a, "\(keyPath).colorInvert", amount, formatNumber, isAmount)
        case .hueRotation(let angle):
            try check(angle, "\(keyPath).hueRotation", "a finite number of degrees", { formatNumber($0.degrees) }) {
                within([CGFloat($0.degrees)], 1e9)
            }
        case .colorMultiply(let color):
            try check(color, "\(keyPath).colorMultiply", "a colour", \.fileName) { _ in true }
        case .colorMatrix(let matrix):
            try check(matrix, "\(keyPath).colorMatrix", "20 numbers each within ±1000",
                      { "[" + $0.entries.map { formatNumber(Double($0)) }.joined(separator: ", ") + "]" }) {
                $0.entries.allSatisfy { $0.isFinite && abs($0) <= 1000 }
            }
        case .luminanceToAlpha:
            break
        case .alphaThreshold(let min, let max, let color):
            try check(min, "\(keyPath).alphaThreshold.min", "between 0 and 1", formatNumber) { (0...1).contains($0) }
            try check(max, "\(keyPath).alphaThreshold.max", "between 0 and 1", formatNumber) { (0...1).contains($0) }
            try check(color, "\(keyPath).alphaThreshold.color", "a colour", \.fileName) { _ in true }
        }
    }
}

/// Checks a keyframed value: its keyframes' times, then each value against `isValid`, naming
/// `keyPath` for a constant and `keyPath[i].value` for keyframe `i`.
func check<V>(
    _ value: Keyframed<V>, _ keyPath: String, _ requirement: String, _ show: (V) -> String, _ isValid: (V) -> Bool
) throws {
    try value.validate(keyPath: keyPath)
    if let constant = value.constantValue {
        guard isValid(constant) else { throw FlipbookError.mustBe(keyPath, requirement, itIs: show(constant)) }
        return
    }
    for (index, key) in value.keys.enumerated() where !isValid(key.value) {
        throw FlipbookError.mustBe("\(keyPath)[\(index)].value", requirement, itIs: show(key.value))
    }
}

/// Whether every number is finite and at most `limit` from zero.
func within(_ numbers: [CGFloat], _ limit: Double) -> Bool {
    numbers.allSatisfy { $0.isFinite && abs(Double($0)) <= limit }
}

/// `[x, y]`, as a file writes a point.
private func show(_ point: CGPoint) -> String {
    "[\(formatNumber(Double(point.x))), \(formatNumber(Double(point.y)))]"
}
