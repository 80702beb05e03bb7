import FlipbookDrawing
import Foundation

extension Timeline.Layer {
    /// The rectangle the layer's box covers in its parent's space at `localTime` (seconds since its
    /// start), rotated and scaled boxes by their bounding rectangle; `nil` for a scene drawn over its
    /// whole parent (confetti, ripples, captions), which has no box to place.
    package func frame(parent: CGSize, localTime: TimeInterval) -> CGRect? {
        guard scene is any BoxedScene else { return nil }
        let box = boxSize(parent: parent, localTime: localTime)
        let transform = placement(parent: parent, box: box, localTime: localTime) ?? .identity
        return CGRect(origin: .zero, size: box).applying(transform)
    }
}
