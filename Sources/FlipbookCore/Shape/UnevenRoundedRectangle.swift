import Foundation

/// The radius of each corner of a rectangle, as SwiftUI's `RectangleCornerRadii`.
///
/// Leading is left and trailing is right: Flipbook draws left to right.
public struct RectangleCornerRadii: Hashable, Sendable {
    /// The radius of the top-leading (top-left) corner.
    public var topLeading: CGFloat
    /// The radius of the bottom-leading (bottom-left) corner.
    public var bottomLeading: CGFloat
    /// The radius of the bottom-trailing (bottom-right) corner.
    public var bottomTrailing: CGFloat
    /// The radius of the top-trailing (top-right) corner.
    public var topTrailing: CGFloat

    /// Radii for each corner; a corner left out is square.
    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0,
                topTrailing: CGFloat = 0) {
        self.topLeading = topLeading
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
        self.topTrailing = topTrailing
    }
}

/// A rectangle whose corners are rounded by different radii, as SwiftUI's `UnevenRoundedRectangle`;
/// continuous corners unless asked otherwise, as in SwiftUI.
///
/// Each radius is clamped to half the rectangle's shorter side (a negative or NaN radius is 0), so
/// two corners never overlap.
public struct UnevenRoundedRectangle: InsettableShape, InsetDrawable {
    /// The radius of each corner.
    public var cornerRadii: RectangleCornerRadii
    /// How the corners are drawn.
    public var style: RoundedCornerStyle

    /// A rectangle with the given corner radii.
    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        self.cornerRadii = cornerRadii
        self.style = style
    }

    /// A rectangle with the given corner radii; a corner left out is square.
    public init(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) {
        self.init(
            cornerRadii: RectangleCornerRadii(
                topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius,
                bottomTrailing: bottomTrailingRadius, topTrailing: topTrailingRadius),
            style: style)
    }

    /// The rectangle in `rect`, clockwise on screen from the end of the top-left corner.
    public func path(in rect: CGRect) -> Path {
        path(in: rect, insetBy: 0)
    }

    /// The rectangle inset by `amount` on every side, each corner smaller by `amount` so the outline
    /// stays concentric with the original.
    public func inset(by amount: CGFloat) -> some InsettableShape {
        InsetBy(base: self, amount: amount)
    }

    func path(in rect: CGRect, insetBy amount: CGFloat) -> Path {
        guard let r = insetRect(rect, by: amount) else { return Path() }
        let limit = min(r.width, r.height) / 2
        func corner(_ radius: CGFloat) -> CGSize {
            let clamped = RoundedCorners.clamp(radius - amount, to: limit)
            return CGSize(width: clamped, height: clamped)
        }
        let radii = cornerRadii
        var path = Path()
        path.addRoundedRect(
            in: r,
            corners: RoundedCorners(
                topLeading: corner(radii.topLeading), topTrailing: corner(radii.topTrailing),
                bottomTrailing: corner(radii.bottomTrailing), bottomLeading: corner(radii.bottomLeading)),
            style: style)
        return path
    }
}
