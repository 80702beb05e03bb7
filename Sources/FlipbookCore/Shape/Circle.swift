import Foundation

/// The largest circle centred in the rectangle, as SwiftUI's `Circle`: its diameter is the
/// rectangle's shorter side.
///
/// ```swift
/// // A rectangle 200 wide and 100 high holds the circle in (50, 0, 100, 100).
/// context.fill(Circle().path(in: CGRect(x: 0, y: 0, width: 200, height: 100)), with: .color(.orange))
/// ```
public struct Circle: InsettableShape, InsetDrawable {
    /// A circle.
    public init() {}

    /// The circle centred in `rect`, starting at its rightmost point and running clockwise on screen.
    public func path(in rect: CGRect) -> Path {
        path(in: rect, insetBy: 0)
    }

    /// The circle in the rectangle inset by `amount` on every side.
    public func inset(by amount: CGFloat) -> some InsettableShape {
        InsetBy(base: self, amount: amount)
    }

    func path(in rect: CGRect, insetBy amount: CGFloat) -> Path {
        guard let r = insetRect(rect, by: amount) else { return Path() }
        let diameter = min(r.width, r.height)
        return Path(ellipseIn: CGRect(
            x: r.midX - diameter / 2, y: r.midY - diameter / 2, width: diameter, height: diameter))
    }
}
