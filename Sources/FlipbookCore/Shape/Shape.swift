import Foundation

/// A 2D shape described by the path it takes in a rectangle, as SwiftUI's `Shape`.
///
/// In Flipbook a shape is geometry only: draw it by asking for its path and filling or stroking that
/// in a context, as a SwiftUI `Canvas` closure does.
///
/// ```swift
/// let rect = CGRect(x: 0, y: 0, width: 200, height: 100)
/// context.fill(Circle().path(in: rect), with: .color(.red))
/// context.stroke(Capsule().inset(by: 4).path(in: rect), with: .color(.blue), lineWidth: 8)
/// ```
///
/// A rectangle with a NaN or infinite coordinate gives a path with the same; the canvas skips such
/// paths and reports them (see ``Path/isFinite``).
public protocol Shape: Sendable {
    /// The shape's outline when it fills `rect`.
    func path(in rect: CGRect) -> Path
}

/// A shape that can be shrunk by the same amount on every side, as SwiftUI's `InsettableShape`.
public protocol InsettableShape: Shape {
    /// The type `inset(by:)` returns.
    associatedtype InsetShape: InsettableShape

    /// The shape drawn in its rectangle inset by `amount` on every side (a negative amount grows it).
    ///
    /// Insetting by half a line width keeps a stroke inside the shape's rectangle. A rectangle that
    /// the amount would turn inside out gives an empty path.
    func inset(by amount: CGFloat) -> InsetShape
}

extension Path: Shape {
    /// The path itself: a path is already in its own coordinates, so the rectangle is ignored, as in
    /// SwiftUI.
    public func path(in rect: CGRect) -> Path {
        self
    }
}
