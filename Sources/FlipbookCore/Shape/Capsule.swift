import Foundation

/// A rectangle whose shorter sides are fully rounded, as SwiftUI's `Capsule`: a rounded rectangle
/// with corner radius half the shorter side (a 200 × 60 capsule has ends of radius 30).
///
/// Both styles draw the same outline here: a continuous corner whose edge has room for only one
/// radius is a circular arc (see ``RoundedCornerStyle/continuous``).
public struct Capsule: InsettableShape, InsetDrawable {
    /// How the ends are drawn.
    public var style: RoundedCornerStyle

    /// A capsule.
    public init(style: RoundedCornerStyle = .continuous) {
        self.style = style
    }

    /// The capsule in `rect`, clockwise on screen from the end of the top-left corner.
    public func path(in rect: CGRect) -> Path {
        path(in: rect, insetBy: 0)
    }

    /// The capsule in the rectangle inset by `amount` on every side.
    public func inset(by amount: CGFloat) -> some InsettableShape {
        InsetBy(base: self, amount: amount)
    }

    func path(in rect: CGRect, insetBy amount: CGFloat) -> Path {
        guard let r = insetRect(rect, by: amount) else { return Path() }
        let radius = min(r.width, r.height) / 2
        var path = Path()
        path.addRoundedRect(in: r, corners: RoundedCorners(all: CGSize(width: radius, height: radius)), style: style)
        return path
    }
}
