import Foundation

extension CGAffineTransform {
    /// `transform` applied about `anchor`, a point of `rect` (the point stays where it is): how
    /// SwiftUI's rotated and scaled shapes place their turn and scale.
    static func about(_ anchor: UnitPoint, in rect: CGRect, _ transform: CGAffineTransform) -> CGAffineTransform {
        let pivot = anchor.point(in: rect)
        return CGAffineTransform(translationX: -pivot.x, y: -pivot.y)
            .concatenating(transform)
            .concatenating(CGAffineTransform(translationX: pivot.x, y: pivot.y))
    }
}
