import Foundation

/// A point in a unit square, used to anchor images and place gradients relative to a rectangle.
/// (0, 0) is the top-leading corner and (1, 1) the bottom-trailing one, as in SwiftUI.
public struct UnitPoint: Hashable, Sendable, Codable {
    /// The horizontal position: 0 at the leading (left) edge, 1 at the trailing (right) edge.
    public var x: CGFloat
    /// The vertical position: 0 at the top edge, 1 at the bottom edge.
    public var y: CGFloat

    /// The top-leading corner, (0, 0).
    public init() { x = 0; y = 0 }
    /// A point at fractions `x` and `y` of a rectangle's width and height; values outside 0...1 lie outside it.
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }

    /// (0, 0), the top-leading corner.
    public static let zero = UnitPoint(x: 0, y: 0)
    /// (0.5, 0.5)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// (0, 0.5), the middle of the leading edge.
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// (1, 0.5), the middle of the trailing edge.
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// (0.5, 0), the middle of the top edge.
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// (0.5, 1), the middle of the bottom edge.
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// (0, 0)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// (1, 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// (0, 1)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// (1, 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}
