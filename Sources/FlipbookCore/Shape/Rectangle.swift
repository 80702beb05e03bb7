import Foundation

/// The rectangle itself, as SwiftUI's `Rectangle`.
public struct Rectangle: InsettableShape, InsetDrawable {
    /// A rectangle.
    public init() {}

    /// `rect`, from its top-left corner clockwise on screen.
    public func path(in rect: CGRect) -> Path {
        path(in: rect, insetBy: 0)
    }

    /// The rectangle inset by `amount` on every side.
    public func inset(by amount: CGFloat) -> some InsettableShape {
        InsetBy(base: self, amount: amount)
    }

    func path(in rect: CGRect, insetBy amount: CGFloat) -> Path {
        guard let r = insetRect(rect, by: amount) else { return Path() }
        return Path(r)
    }
}
