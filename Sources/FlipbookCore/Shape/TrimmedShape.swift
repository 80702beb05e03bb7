import Foundation

/// A shape cut to the part of its outline between two fractions of its length.
struct TrimmedShape<Content: Shape>: Shape {
    let shape: Content
    let from: CGFloat
    let to: CGFloat

    func path(in rect: CGRect) -> Path {
        shape.path(in: rect).trimmedPath(from: from, to: to)
    }
}

extension Shape {
    /// The part of this shape's outline from `startFraction` to `endFraction` of its length, as
    /// ``Path/trimmedPath(from:to:)`` cuts it (both clamped to 0...1; a start at or after the end gives
    /// nothing).
    ///
    /// ```swift
    /// // The first quarter of a circle's outline, from its rightmost point clockwise.
    /// context.stroke(Circle().trim(from: 0, to: 0.25).path(in: rect), with: .color(.blue), lineWidth: 4)
    /// ```
    public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> some Shape {
        TrimmedShape(shape: self, from: startFraction, to: endFraction)
    }
}
