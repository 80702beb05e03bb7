import FlipbookDrawing
import Foundation

/// A picture a piece of confetti is made of (`{"image": "logo.png"}` in a scene file): decoded once,
/// when the scene is made, and drawn through the canvas's image path for every particle.
public struct ConfettiImage: Sendable, Equatable {
    /// The file as the scene file names it, relative to its folder.
    public var src: String
    /// The decoded picture; `nil` until a scene file's timeline decodes it (`SceneFile.makeTimeline()`).
    public var bitmap: Bitmap?

    /// The picture in `src`, not decoded yet.
    public init(src: String) {
        self.src = src
    }

    /// A picture already decoded; `src` names it when it is written to a file.
    public init(_ bitmap: Bitmap, src: String = "") {
        self.src = src
        self.bitmap = bitmap
    }

    /// Equal when they name the same file and both are, or are not, decoded.
    public static func == (a: ConfettiImage, b: ConfettiImage) -> Bool {
        a.src == b.src && (a.bitmap == nil) == (b.bitmap == nil)
    }

    /// The picture's width over its height (1 when it is not decoded or empty).
    var aspectRatio: CGFloat {
        guard let bitmap, bitmap.width > 0, bitmap.height > 0 else { return 1 }
        return CGFloat(bitmap.width) / CGFloat(bitmap.height)
    }
}
