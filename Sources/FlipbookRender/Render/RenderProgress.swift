import Foundation

/// How far a ``render(_:to:options:workers:cancellation:progress:)-(_,URL,_,_,_,_)`` has got, reported after every encoded frame.
public struct RenderProgress: Sendable, Equatable {
    /// Frames drawn (and converted) by the workers so far, including some not yet encoded.
    public var framesRendered: Int
    /// Frames handed to the encoder so far, in order.
    public var framesEncoded: Int
    /// Frames in the whole clip.
    public var totalFrames: Int
    /// Frames encoded per second of wall time since the render started.
    public var framesPerSecond: Double
    /// Seconds until the last frame is encoded at the current rate; `nil` before the rate is known.
    public var estimatedTimeRemaining: TimeInterval?
    /// Seconds since the render started.
    public var elapsed: TimeInterval

    /// A progress report with the given counts and rates.
    public init(
        framesRendered: Int, framesEncoded: Int, totalFrames: Int, framesPerSecond: Double,
        estimatedTimeRemaining: TimeInterval?, elapsed: TimeInterval
    ) {
        self.framesRendered = framesRendered
        self.framesEncoded = framesEncoded
        self.totalFrames = totalFrames
        self.framesPerSecond = framesPerSecond
        self.estimatedTimeRemaining = estimatedTimeRemaining
        self.elapsed = elapsed
    }

    /// The fraction of frames encoded, `0...1`.
    public var fractionCompleted: Double {
        totalFrames > 0 ? Double(framesEncoded) / Double(totalFrames) : 1
    }
}
