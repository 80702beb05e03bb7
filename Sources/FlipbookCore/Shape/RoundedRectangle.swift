import Foundation

/// A rectangle with rounded corners, as SwiftUI's `RoundedRectangle`; continuous corners unless asked
/// otherwise, as in SwiftUI.
///
/// The corners are clamped to fit: a corner size larger than half the rectangle's width or height is
/// scaled down, keeping its proportions, until it fits, so `RoundedRectangle(cornerRadius:)` never
/// rounds by more than half the shorter side. See ``RoundedCornerStyle/continuous`` for how a
/// continuous corner without room for its whole curve is drawn.
public struct RoundedRectangle: InsettableShape, InsetDrawable {
    /// The width (along the top and bottom edges) and height (along the sides) of each corner.
    public var cornerSize: CGSize
    /// How the corners are drawn.
    public var style: RoundedCornerStyle

    /// A rounded rectangle whose corners are `cornerSize.width` wide and `cornerSize.height` high.
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }

    /// A rounded rectangle whose corners have radius `cornerRadius`.
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// The rounded rectangle in `rect`, clockwise on screen from the end of the top-left corner.
    public func path(in rect: CGRect) -> Path {
        path(in: rect, insetBy: 0)
    }

    /// The rounded rectangle inset by `amount` on every side, its corners smaller by `amount` so the
    /// outline stays concentric with the original.
    public func inset(by amount: CGFloat) -> some InsettableShape {
        InsetBy(base: self, amount: amount)
    }

    func path(in rect: CGRect, insetBy amount: CGFloat) -> Path {
        guard let r = insetRect(rect, by: amount) else { return Path() }
        let width = RoundedCorners.clamp(cornerSize.width - amount, to: .greatestFiniteMagnitude)
        let height = RoundedCorners.clamp(cornerSize.height - amount, to: .greatestFiniteMagnitude)
        // One factor for both, so a corner keeps its proportions while it shrinks to fit.
        var fit: CGFloat = 1
        if width > r.width / 2 { fit = min(fit, r.width / 2 / width) }
        if height > r.height / 2 { fit = min(fit, r.height / 2 / height) }
        var path = Path()
        path.addRoundedRect(
            in: r, corners: RoundedCorners(all: CGSize(width: width * fit, height: height * fit)), style: style)
        return path
    }
}
