import FlipbookDrawing
import Foundation

/// One expanding ring: where it starts, when, and in what colour.
public struct Ripple: Sendable, Equatable {
    /// The ring's centre, in points.
    public var center: CGPoint
    /// When the ring starts growing from radius 0, in scene seconds.
    public var start: TimeInterval
    /// The colour at birth; the ring fades toward white over its lifetime.
    public var color: Color

    /// A ring that starts growing from `center` at `start` seconds, drawn in `color`.
    public init(center: CGPoint, start: TimeInterval, color: Color) {
        self.center = center
        self.start = start
        self.color = color
    }
}
