import FlipbookCore
import FlipbookVideo

/// One pixel layout the drawing workers convert frames into, and which of the drawn frames it
/// takes: a sink's ``FrameSink/pixelFormat`` and ``FrameSink/background``, every frame for most
/// outputs, every `step`-th for a GIF written at a lower rate than the timeline's (``timelineForGIF(_:format:)``).
/// Outputs of one render that want the same layout share it: each frame is converted once for them.
struct FrameLayout: Hashable {
    var pixelFormat: PixelFormat
    var background: Color?
    /// The layout takes drawn frames 0, step, 2 × step, …
    var step = 1
    /// How many frames it takes.
    var count: Int

    /// Whether drawn frame `index` (of the pipeline, from 0) is converted into this layout.
    func takes(_ index: Int) -> Bool {
        index % step == 0 && index / step < count
    }
}
