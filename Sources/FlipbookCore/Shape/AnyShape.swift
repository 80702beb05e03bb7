import Foundation

/// Any shape, its type erased, as SwiftUI's `AnyShape`: for choosing a shape at run time or keeping
/// different shapes in one array.
///
/// ```swift
/// let shapes = [AnyShape(Circle()), AnyShape(Capsule()), AnyShape(Rectangle())]
/// ```
public struct AnyShape: Shape {
    private let base: any Shape

    /// `shape`, its type erased.
    public init<S: Shape>(_ shape: S) {
        base = shape
    }

    /// The wrapped shape's path in `rect`.
    public func path(in rect: CGRect) -> Path {
        base.path(in: rect)
    }
}
