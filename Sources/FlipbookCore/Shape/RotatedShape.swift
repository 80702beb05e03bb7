import Foundation

/// A shape turned about a point of its rectangle, as SwiftUI's `RotatedShape`.
public struct RotatedShape<Content: Shape>: Shape {
    /// The shape turned.
    public var shape: Content
    /// How far it turns; positive angles turn clockwise on screen.
    public var angle: Angle
    /// The point it turns about, as a fraction of the rectangle it is drawn in.
    public var anchor: UnitPoint

    /// `shape` turned by `angle` about `anchor`.
    public init(shape: Content, angle: Angle, anchor: UnitPoint = .center) {
        self.shape = shape
        self.angle = angle
        self.anchor = anchor
    }

    /// The shape's path in `rect`, turned by `angle` about `anchor` in `rect`.
    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).applying(.about(anchor, in: rect, CGAffineTransform(rotationAngle: CGFloat(angle.radians))))
    }
}

extension RotatedShape: InsettableShape where Content: InsettableShape {
    /// The shape inset by `amount`, then turned.
    public func inset(by amount: CGFloat) -> RotatedShape<Content.InsetShape> {
        RotatedShape<Content.InsetShape>(shape: shape.inset(by: amount), angle: angle, anchor: anchor)
    }
}

extension Shape {
    /// This shape turned by `angle` (clockwise on screen for a positive angle) about `anchor`, a point
    /// of the rectangle it is drawn in.
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> {
        RotatedShape(shape: self, angle: angle, anchor: anchor)
    }
}

extension UnitPoint {
    /// The point this unit point names in `rect`.
    func point(in rect: CGRect) -> CGPoint {
        CGPoint(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height)
    }
}
