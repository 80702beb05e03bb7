import FlipbookCore
import FlipbookRaster

/// Where rendered frames go: a video encoder, an image sequence, or anything a Swift user writes.
///
/// A sink says which pixel layout it wants (``pixelFormat``, and ``background`` for flattening or
/// `nil` to keep transparency), so the drawing workers can convert each frame on their own thread
/// (``ConvertedFrame/init(converting:to:background:)``) and the sink's thread only encodes.
/// Frames arrive in order, from one thread at a time.
public protocol FrameSink: AnyObject {
    /// The layout ``append(_:)-(ConvertedFrame)`` expects.
    var pixelFormat: PixelFormat { get }
    /// The colour frames are flattened over, or `nil` when the sink keeps transparency.
    var background: Color? { get }
    /// The number of frames appended so far.
    var frameCount: Int { get }
    /// Appends the next frame, already converted to ``pixelFormat`` with ``background``.
    func append(_ frame: ConvertedFrame) throws
    /// Writes whatever the sink still holds and publishes its output. Calling it again does nothing.
    func finish() throws
}

extension FrameSink {
    /// Converts premultiplied pixels to the sink's layout and appends them (the public form takes a
    /// `Bitmap`).
    package func append(_ frame: FramePixels) throws {
        try append(ConvertedFrame(converting: frame, to: pixelFormat, background: background))
    }
}
