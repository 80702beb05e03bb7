import FlipbookDrawing
import Foundation

/// Something that draws a picture at any moment in time.
///
/// A scene is a pure function of time: drawing the frame at `time` depends on nothing but the scene's
/// own value and `time`, so any frame can be drawn alone, in any order, on any thread. Randomness
/// comes only from a seeded generator owned by the scene and consumed when the scene is built.
public protocol Scene: Sendable {
    /// Draws the scene as it looks `time` seconds after it starts.
    ///
    /// - Parameters:
    ///   - context: The context to draw into; its user space is points, with y pointing down.
    ///   - size: The canvas size in points.
    ///   - time: Seconds since the scene's start. May be negative or beyond the scene's natural end,
    ///     in which case the scene draws whatever is (or is not) visible then.
    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval)
}
