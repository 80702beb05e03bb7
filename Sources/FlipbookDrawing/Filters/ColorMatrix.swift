import Foundation

/// A 4×5 matrix that maps a colour's un-premultiplied components `(r, g, b, a)` to new ones, as
/// SwiftUI's `ColorMatrix` (and Core Image's `CIColorMatrix`, and SVG's `feColorMatrix`):
///
/// ```
/// r′ = r1·r + r2·g + r3·b + r4·a + r5
/// g′ = g1·r + g2·g + g3·b + g4·a + g5
/// b′ = b1·r + b2·g + b3·b + b4·a + b5
/// a′ = a1·r + a2·g + a3·b + a4·a + a5
/// ```
///
/// Components are `0...1`; results are clamped to `0...1`. A new matrix is the identity.
public struct ColorMatrix: Hashable, Sendable {
    public var r1: Float = 1, r2: Float = 0, r3: Float = 0, r4: Float = 0, r5: Float = 0
    public var g1: Float = 0, g2: Float = 1, g3: Float = 0, g4: Float = 0, g5: Float = 0
    public var b1: Float = 0, b2: Float = 0, b3: Float = 1, b4: Float = 0, b5: Float = 0
    public var a1: Float = 0, a2: Float = 0, a3: Float = 0, a4: Float = 1, a5: Float = 0

    /// The identity matrix.
    public init() {}
}
