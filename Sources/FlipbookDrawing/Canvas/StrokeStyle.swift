import Foundation

/// How a path is stroked, with SwiftUI's names and defaults.
///
/// Widths, dash lengths and the dash phase are in the user space of the context that strokes, so
/// they scale with its transform. A stroke style containing NaN or infinity, a negative dash
/// length, or a negative width is not drawn and is reported as the bitmap's drawing issue.
public struct StrokeStyle: Equatable, Hashable, Sendable {
    /// The width of the line, centred on the path. Default 1.
    public var lineWidth: CGFloat
    /// How open ends are drawn. Default `.butt`.
    public var lineCap: CGLineCap
    /// How corners are drawn. Default `.miter`.
    public var lineJoin: CGLineJoin
    /// The ratio of miter length to line width above which a miter join becomes a bevel. Default 10.
    public var miterLimit: CGFloat
    /// Alternating lengths of painted and unpainted segments; empty for a solid line.
    public var dash: [CGFloat]
    /// How far into the dash pattern the line starts.
    public var dashPhase: CGFloat

    /// A stroke style with SwiftUI's defaults for every omitted argument.
    public init(
        lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
        miterLimit: CGFloat = 10, dash: [CGFloat] = [], dashPhase: CGFloat = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }

    /// The first reason this style cannot be stroked, or `nil` when it can.
    func problem() -> String? {
        guard lineWidth.isFinite else { return "the line width is not finite (\(lineWidth))" }
        guard lineWidth >= 0 else { return "the line width is negative (\(lineWidth))" }
        guard miterLimit.isFinite else { return "the miter limit is not finite (\(miterLimit))" }
        guard dashPhase.isFinite else { return "the dash phase is not finite (\(dashPhase))" }
        for (index, length) in dash.enumerated() {
            guard length.isFinite else { return "dash length \(index) is not finite (\(length))" }
            guard length >= 0 else { return "dash length \(index) is negative (\(length))" }
        }
        return nil
    }

    /// How far the stroke can reach beyond the path, in user space (for group extents).
    var outset: CGFloat {
        let half = lineWidth / 2
        var factor: CGFloat = 1
        if lineCap == .square { factor = max(factor, 2.0.squareRoot()) }
        if lineJoin == .miter { factor = max(factor, miterLimit) }
        return half * factor + 1
    }
}
