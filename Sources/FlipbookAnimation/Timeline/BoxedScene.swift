import FlipbookDrawing
import Foundation

/// A scene drawn in a box of its own rather than over the whole canvas: a text, an image, a shape.
///
/// The scene draws with its box's top-left corner at the origin; its layer's placement puts the box
/// on the canvas, the box's anchor point at the layer's `position` (the canvas's centre unless given),
/// as SwiftUI's `position` places a view.
public protocol BoxedScene: Scene {
    /// The box's size in points at `time` (seconds in the scene's clock), on a canvas of `canvas` points.
    func boxSize(canvas: CGSize, time: TimeInterval) -> CGSize
}
