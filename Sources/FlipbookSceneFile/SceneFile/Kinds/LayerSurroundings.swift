import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// Where a layer's scene is made: what a kind may need to lay it out, time it, find its files and
/// name its mistakes.
struct LayerSurroundings {
    /// The parent's box in points: the canvas, or a group's box.
    var canvas: CGSize
    /// The seconds from the layer's start to the end of the timeline.
    var remaining: TimeInterval
    /// The pictures decoded for this timeline, and the folder relative paths start from.
    var pictures: PictureCache
    /// The layer's key path (`layers[2]`), which errors name.
    var keyPath: String

    /// The folder the layer's relative paths start from; `nil` for the current directory.
    var baseDirectory: URL? { pictures.baseDirectory }
}
