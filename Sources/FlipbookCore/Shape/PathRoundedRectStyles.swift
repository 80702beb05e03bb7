import Foundation

// SwiftUI's rounded-rectangle path builders that take a corner style. They draw what the rounded
// shapes draw. SwiftUI defaults `style` to `.continuous`; here it must be given, because the
// builders without it (Path(roundedRect:cornerRadius:), …) keep drawing circular corners.
extension Path {
    /// A rounded rectangle with corners of radius `cornerRadius` in `style`, as
    /// ``RoundedRectangle/init(cornerRadius:style:)`` draws it in `rect`.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle) {
        self = RoundedRectangle(cornerRadius: cornerRadius, style: style).path(in: rect)
    }

    /// A rounded rectangle with corners `cornerSize` wide and high in `style`, as
    /// ``RoundedRectangle/init(cornerSize:style:)`` draws it in `rect`.
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle) {
        self = RoundedRectangle(cornerSize: cornerSize, style: style).path(in: rect)
    }

    /// A rectangle whose corners have the given radii in `style`, as
    /// ``UnevenRoundedRectangle/init(cornerRadii:style:)`` draws it in `rect`.
    public init(roundedRect rect: CGRect, cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle) {
        self = UnevenRoundedRectangle(cornerRadii: cornerRadii, style: style).path(in: rect)
    }

    /// Adds a rounded rectangle with corners `cornerSize` wide and high in `style`, mapped by
    /// `transform`, as ``RoundedRectangle/init(cornerSize:style:)`` draws it in `rect`.
    public mutating func addRoundedRect(
        in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle, transform: CGAffineTransform = .identity
    ) {
        addPath(RoundedRectangle(cornerSize: cornerSize, style: style).path(in: rect), transform: transform)
    }

    /// Adds a rectangle whose corners have the given radii in `style`, mapped by `transform`, as
    /// ``UnevenRoundedRectangle/init(cornerRadii:style:)`` draws it in `rect`.
    public mutating func addRoundedRect(
        in rect: CGRect, cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle,
        transform: CGAffineTransform = .identity
    ) {
        addPath(UnevenRoundedRectangle(cornerRadii: cornerRadii, style: style).path(in: rect), transform: transform)
    }
}
