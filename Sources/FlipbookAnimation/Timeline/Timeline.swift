import FlipbookDrawing
import Foundation

/// Layers of scenes over one clock, drawn over a background colour, cut into frames.
///
/// Frame `i` is at exactly `i / fps` seconds. Each layer's scene sees time relative to the layer's
/// start, and is drawn only while the timeline's time is in `start ..< end`.
public struct Timeline: Sendable {
    /// One scene placed on the timeline.
    public struct Layer: Sendable {
        /// What this layer draws.
        public var scene: any Scene
        /// When the layer appears, in timeline seconds. The scene's own clock starts here.
        public var start: TimeInterval
        /// When the layer disappears, in timeline seconds; `nil` keeps it to the end.
        public var end: TimeInterval?
        /// The layer's opacity, composited as a whole (overlapping shapes inside do not show through
        /// each other).
        public var opacity: Double

        public init(_ scene: any Scene, start: TimeInterval = 0, end: TimeInterval? = nil, opacity: Double = 1) {
            self.scene = scene
            self.start = start
            self.end = end
            self.opacity = opacity
        }

        /// Whether the layer is visible at timeline time `time`.
        public func isActive(at time: TimeInterval) -> Bool {
            time >= start && (end.map { time < $0 } ?? true) && opacity > 0
        }
    }

    /// The canvas size in points.
    public var size: CGSize
    /// Pixels per point.
    public var scale: CGFloat
    /// Frames per second.
    public var fps: Int
    /// Length in seconds.
    public var duration: TimeInterval
    /// The colour under every frame; `nil` leaves frames transparent (videos flatten them over white).
    public var background: Color?
    /// The scenes, bottom first.
    public var layers: [Layer]

    public init(
        size: CGSize, scale: CGFloat = 1, fps: Int = 60, duration: TimeInterval,
        background: Color? = nil, layers: [Layer] = []
    ) {
        self.size = size
        self.scale = scale
        self.fps = fps
        self.duration = duration
        self.background = background
        self.layers = layers
    }

    /// The number of frames: `duration × fps`, rounded to the nearest frame.
    public var frameCount: Int {
        guard fps > 0, duration.isFinite, duration > 0 else { return 0 }
        return Int((duration * Double(fps)).rounded())
    }

    /// The time of frame `frame`: exactly `frame / fps`.
    public func time(ofFrame frame: Int) -> TimeInterval {
        Double(frame) / Double(fps)
    }

    /// Width of a frame in pixels: `size.width × scale`, rounded.
    public var pixelWidth: Int { Int((size.width * scale).rounded()) }
    /// Height of a frame in pixels: `size.height × scale`, rounded.
    public var pixelHeight: Int { Int((size.height * scale).rounded()) }

    /// Checks that the timeline can be rendered, naming the first problem found.
    public func validate() throws {
        func bad(_ message: String) -> FlipbookError { .invalidArgument(message) }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw bad("The timeline's size must be positive and finite; it is \(size.width)×\(size.height) points.")
        }
        guard scale.isFinite, scale > 0 else {
            throw bad("The timeline's scale must be a positive number of pixels per point; it is \(scale).")
        }
        guard supportedFrameRates.contains(fps) else {
            throw bad("The timeline's frame rate must be \(supportedFrameRatesDescription) fps; it is \(fps).")
        }
        guard duration.isFinite, duration > 0 else {
            throw bad("The timeline's duration must be a positive number of seconds; it is \(duration).")
        }
        guard pixelWidth >= 1, pixelHeight >= 1,
              pixelWidth <= Bitmap.maximumDimension, pixelHeight <= Bitmap.maximumDimension
        else {
            throw bad("The timeline's frames would be \(pixelWidth)×\(pixelHeight) pixels; each side must be "
                + "between 1 and \(Bitmap.maximumDimension).")
        }
        for (index, layer) in layers.enumerated() {
            guard layer.start.isFinite, layer.end.map({ $0.isFinite && $0 >= layer.start }) ?? true,
                  layer.opacity.isFinite
            else {
                throw bad("Layer \(index) has an invalid time range or opacity (start \(layer.start), "
                    + "end \(layer.end.map { "\($0)" } ?? "none"), opacity \(layer.opacity)).")
            }
        }
    }

    /// Draws the whole picture at timeline time `time` into `bitmap`, replacing its contents.
    /// The bitmap should be `pixelWidth × pixelHeight`.
    public func draw(at time: TimeInterval, into bitmap: inout Bitmap) {
        bitmap.draw(scale: scale, background: background ?? .clear) { context, size in
            drawLayers(in: &context, size: size, time: time)
        }
    }

    /// Draws frame `frame` into `bitmap`, replacing its contents.
    public func draw(frame: Int, into bitmap: inout Bitmap) {
        draw(at: time(ofFrame: frame), into: &bitmap)
    }

    /// Draws every active layer at timeline time `time` into `context` (no background).
    public func drawLayers(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        for layer in layers where layer.isActive(at: time) {
            let localTime = time - layer.start
            if layer.opacity >= 1 {
                var layerContext = context
                layer.scene.draw(in: &layerContext, size: size, time: localTime)
            } else {
                var layerContext = context
                layerContext.opacity = layer.opacity
                layerContext.drawLayer { inner in
                    layer.scene.draw(in: &inner, size: size, time: localTime)
                }
            }
        }
    }

    /// A fresh bitmap of this timeline's pixel size.
    public func makeBitmap() throws -> Bitmap {
        try validate()
        return try Bitmap(width: pixelWidth, height: pixelHeight)
    }
}
