import Foundation

/// A shape scaled about a point of its rectangle, as SwiftUI's `ScaledShape`.
public struct ScaledShape<Content: Shape>: Shape {
    /// The shape scaled.
    public var shape: Content
    /// The horizontal (`width`) and vertical (`height`) factors.
    public var scale: CGSize
    /// The point that stays put, as a fraction of the rectangle the shape is drawn in.
    public var anchor: UnitPoint

    /// `shape` scaled by `scale` about `anchor`.
    public init(shape: Content, scale: CGSize, anchor: UnitPoint = .center) {
        self.shape = shape
        self.scale = scale
        self.anchor = anchor
    }

    /// The shape's path in `rect`, scaled by `scale` about `anchor` in `rect`.
    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).applying(.about(anchor, in: rect, CGAffineTransform(scaleX: scale.width, y: scale.height)))
    }
}

extension Shape {
    /// This shape scaled by `x` horizontally and `y` vertically about `anchor`, a point of the
    /// rectangle it is drawn in.
    public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: x, height: y), anchor: anchor)
    }

    /// This shape scaled by `scale` in both directions about `anchor`, a point of the rectangle it is
    /// drawn in.
    public func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: scale, height: scale), anchor: anchor)
    }
}
