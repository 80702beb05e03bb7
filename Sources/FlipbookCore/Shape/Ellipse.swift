import Foundation

/// The ellipse that fills the rectangle, as SwiftUI's `Ellipse`.
public struct Ellipse: InsettableShape, InsetDrawable {
    /// An ellipse.
    public init() {}

    /// The ellipse inscribed in `rect`, starting at its rightmost point and running clockwise on screen.
    public func path(in rect: CGRect) -> Path {
        path(in: rect, insetBy: 0)
    }

    /// The ellipse in the rectangle inset by `amount` on every side.
    public func inset(by amount: CGFloat) -> some InsettableShape {
        InsetBy(base: self, amount: amount)
    }

    func path(in rect: CGRect, insetBy amount: CGFloat) -> Path {
        guard let r = insetRect(rect, by: amount) else { return Path() }
        return Path(ellipseIn: r)
    }
}
