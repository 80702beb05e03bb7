import Foundation

extension Spring {
    /// A smooth spring without bounce: `Spring(duration: 0.5, bounce: 0)`.
    public static let smooth = Spring.smooth()

    /// A spring with a little bounce: `Spring(duration: 0.5, bounce: 0.15)`.
    public static let snappy = Spring.snappy()

    /// A spring with a noticeable bounce: `Spring(duration: 0.5, bounce: 0.3)`.
    public static let bouncy = Spring.bouncy()

    /// A smooth spring of pace `duration`, with `extraBounce` added to its bounce of 0.
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }

    /// A snappy spring of pace `duration`, with `extraBounce` added to its bounce of 0.15.
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A bouncy spring of pace `duration`, with `extraBounce` added to its bounce of 0.3.
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}
