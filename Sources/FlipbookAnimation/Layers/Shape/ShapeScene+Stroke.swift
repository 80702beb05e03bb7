import FlipbookDrawing
import Foundation

extension ShapeScene {
    /// How a shape's outline is stroked: its paint and ``StrokeStyle``, the width and dash phase keyframable.
    public struct Stroke: Sendable, Equatable {
        /// The colour or gradient.
        public var paint: LayerPaint
        /// The line's width in points. Default 1.
        public var width: Keyframed<Double>
        /// Painted and unpainted lengths, alternating; empty for a solid line.
        public var dash: [Double]
        /// How far into the dash pattern the line starts; animate it to march the dashes.
        public var dashPhase: Keyframed<Double>
        /// How open ends are drawn. Default butt.
        public var cap: CGLineCap
        /// How corners are drawn. Default miter.
        public var join: CGLineJoin
        /// The miter limit. Default 10.
        public var miterLimit: Keyframed<Double>

        /// A stroke with SwiftUI's defaults for every omitted argument.
        public init(_ paint: LayerPaint, width: Keyframed<Double> = Keyframed(1), dash: [Double] = [],
                    dashPhase: Keyframed<Double> = Keyframed(0), cap: CGLineCap = .butt, join: CGLineJoin = .miter,
                    miterLimit: Keyframed<Double> = Keyframed(10)) {
            self.paint = paint
            self.width = width
            self.dash = dash
            self.dashPhase = dashPhase
            self.cap = cap
            self.join = join
            self.miterLimit = miterLimit
        }

        /// The stroke style at `time`.
        public func style(at time: TimeInterval) -> StrokeStyle {
            StrokeStyle(lineWidth: CGFloat(width.value(at: time)), lineCap: cap, lineJoin: join,
                        miterLimit: CGFloat(miterLimit.value(at: time)), dash: dash.map { CGFloat($0) },
                        dashPhase: CGFloat(dashPhase.value(at: time)))
        }
    }
}
