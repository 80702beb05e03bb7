import FlipbookDrawing
import Foundation

/// A shape filled and stroked in its own box: a rectangle, rounded rectangle, capsule, circle,
/// ellipse or any path, with colours or gradients, optionally trimmed to draw itself on.
///
/// Every number and colour may be keyframed in the layer's clock. The box is ``size`` (a path's
/// bounding rectangle when no size is given); a layer places it on the canvas.
public struct ShapeScene: BoxedScene {
    /// The outline, fitted to the box.
    public var outline: Outline
    /// The box; `nil` is a path's own bounding size, or ``defaultSize`` for the other outlines.
    public var size: Keyframed<CGSize>?
    /// What fills the outline; `nil` leaves it unfilled.
    public var fill: LayerPaint?
    /// How the outline is stroked (centred on it); `nil` leaves it unstroked.
    public var stroke: Stroke?
    /// The part of the outline drawn, from and to fractions of its length (``Path/trimmedPath(from:to:)``);
    /// `nil` draws all of it.
    public var trim: Keyframed<Trim>?

    /// 100 × 100 points: the box of an outline given without a size.
    public static let defaultSize = CGSize(width: 100, height: 100)

    /// A shape scene; without `fill` or `stroke` it draws nothing.
    public init(_ outline: Outline, size: Keyframed<CGSize>? = nil, fill: LayerPaint? = nil, stroke: Stroke? = nil,
                trim: Keyframed<Trim>? = nil) {
        self.outline = outline
        self.size = size
        self.fill = fill
        self.stroke = stroke
        self.trim = trim
    }

    public func boxSize(canvas: CGSize, time: TimeInterval) -> CGSize {
        if let size { return size.value(at: time) }
        if case .path(let path) = outline {
            let bounds = path.boundingRect
            return bounds.isNull ? .zero : bounds.size
        }
        return Self.defaultSize
    }

    /// Draws the shape in the box `size` (as ``boxSize(canvas:time:)`` gave it), its top-left at the origin.
    public func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        let box = CGRect(origin: .zero, size: size)
        var path = outline.path(in: box, time: time)
        if let trim {
            let t = trim.value(at: time)
            guard t.to > t.from else { return }
            if t.from > 0 || t.to < 1 { path = path.trimmedPath(from: CGFloat(t.from), to: CGFloat(t.to)) }
        }
        if let fill { context.fill(path, with: fill.shading(in: box, at: time)) }
        if let stroke {
            context.stroke(path, with: stroke.paint.shading(in: box, at: time), style: stroke.style(at: time))
        }
    }
}

extension ShapeScene {
    /// The part of an outline drawn: from and to fractions (0...1) of its length.
    public struct Trim: Sendable, Equatable, Animatable {
        /// Where the drawn part starts.
        public var from: Double
        /// Where it ends.
        public var to: Double

        /// The part from `from` to `to`.
        public init(from: Double, to: Double) {
            self.from = from
            self.to = to
        }

        public var animatableData: AnimatablePair<Double, Double> {
            get { AnimatablePair(from, to) }
            set { (from, to) = (newValue.first, newValue.second) }
        }
    }
}
