import Foundation

/// A shape whose outline is computed from a rectangle and how far that rectangle is inset, so the
/// insettable shapes share one inset type: a rounded rectangle's corners shrink with the rectangle
/// (its inset outline stays concentric), the others just draw in the smaller rectangle.
protocol InsetDrawable: Sendable {
    func path(in rect: CGRect, insetBy amount: CGFloat) -> Path
}

extension InsetDrawable {
    /// `rect` inset by `amount` on every side, or `nil` when that turns it inside out or the amount is
    /// not a number (nothing is drawn then).
    func insetRect(_ rect: CGRect, by amount: CGFloat) -> CGRect? {
        guard !amount.isNaN else { return nil }
        if amount == 0 { return rect.standardized }
        let r = rect.standardized
        guard r.width >= 2 * amount, r.height >= 2 * amount else { return nil }
        return r.insetBy(dx: amount, dy: amount)
    }
}

/// An insettable shape inset by an amount; insetting it again adds up the amounts.
struct InsetBy<Base: InsetDrawable>: InsettableShape {
    let base: Base
    let amount: CGFloat

    func path(in rect: CGRect) -> Path {
        base.path(in: rect, insetBy: amount)
    }

    func inset(by amount: CGFloat) -> InsetBy<Base> {
        InsetBy(base: base, amount: self.amount + amount)
    }
}
