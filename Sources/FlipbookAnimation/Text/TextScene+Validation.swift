import FlipbookDrawing
import Foundation

extension TextScene {
    /// The font sizes allowed, in points.
    public static let fontSizeLimits = ParameterLimits.above(0, atMost: 10_000)
    /// The tracking and line spacing allowed, in points.
    public static let spacingLimits = ParameterLimits.within(10_000)
    /// A box side's lengths allowed, in points.
    public static let boxSideLimits = ParameterLimits.above(0, atMost: 100_000)
    /// The line limits allowed.
    public static let lineLimitLimits = ParameterLimits.between(1, 100_000)
    /// The minimum scale factors allowed.
    public static let minimumScaleFactorLimits = ParameterLimits.above(0, atMost: 1)
    /// The most characters a text scene draws: pages of text, far beyond any title, and few enough
    /// that shrinking to fit (a layout per bisection step) stays quick.
    public static let maximumTextLength = 100_000

    /// Checks every value once, where the scene is made, naming it under `keyPath` as a file writes it.
    static func validate(
        _ string: String, font: FontStyle, fill: LayerPaint?, lineSpacing: Keyframed<Double>, tracking: Keyframed<Double>,
        size: Keyframed<CGSize>?, lineLimit: Int?, truncation: Text.TruncationMode?, minimumScaleFactor: Double,
        keyPath: String
    ) throws {
        func key(_ name: String) -> String { joinKeyPath(keyPath, name) }
        let count = string.count
        guard count <= maximumTextLength else {
            throw FlipbookError(invalid: key("text"), "must have at most \(maximumTextLength) characters; it has \(count).",
                                at: FlipbookError.Location(keyPath: key("text")))
        }
        try font.size.checkValues(within: fontSizeLimits, keyPath: key("font.size"), unit: "points")
        try lineSpacing.checkValues(within: spacingLimits, keyPath: key("lineSpacing"), unit: "points")
        try tracking.checkValues(within: spacingLimits, keyPath: key("tracking"), unit: "points")
        try size?.checkEach(keyPath: key("size")) { box, path in
            let requirement = "a size whose sides are \(boxSideLimits.description) points"
            try check(boxSideLimits.contains(Double(box.width)) && boxSideLimits.contains(Double(box.height)), path,
                      requirement, "[\(shown(box.width)), \(shown(box.height))]")
        }
        if let lineLimit { try check(Double(lineLimit), within: lineLimitLimits, key("lineLimit"), unit: "lines") }
        try check(minimumScaleFactor, within: minimumScaleFactorLimits, key("minimumScaleFactor"))
        try fill?.validate(keyPath: keyPath, colorKey: "color")
        // The rules that make a text fit apply in a box; without one the text is as large as it needs.
        if size == nil {
            let rules: [(String, Bool)] = [
                ("lineLimit", lineLimit != nil), ("truncation", truncation != nil), ("minimumScaleFactor", minimumScaleFactor < 1),
            ]
            if let rule = rules.first(where: \.1)?.0 {
                throw FlipbookError(invalid: key(rule), "needs a size to fit in; without one the text takes its natural size.",
                                    at: FlipbookError.Location(keyPath: key(rule)))
            }
        }
    }
}
