import Foundation
/// How a path's interior is decided and whether its edges are anti-aliased, as in SwiftUI.
public struct FillStyle: Equatable, Hashable, Sendable {
    /// Whether the even-odd rule decides the interior (`true`) or the non-zero winding rule (`false`).
    public var isEOFilled: Bool
    /// Whether edges are anti-aliased.
    public var isAntialiased: Bool

    /// A fill style; the defaults are the non-zero winding rule with anti-aliasing.
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}
