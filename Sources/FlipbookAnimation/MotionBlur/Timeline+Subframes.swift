import FlipbookDrawing
import Foundation

extension Timeline {
    /// The sub-frames each frame averages: the most ``MotionBlur/samples`` the timeline's blur or any
    /// layer's asks for; 1 without blur. Each blurred layer spreads these over its own shutter.
    public var subframeCount: Int {
        let counts = ([motionBlur] + layers.map(\.motionBlur)).compactMap { $0?.samples }
        return max(1, counts.max() ?? 1)
    }

    /// The blur `layer` is drawn with: its own, or the timeline's.
    func blur(of layer: Layer) -> MotionBlur? {
        layer.motionBlur ?? motionBlur
    }

    /// Draws sub-frame `subframe` (of ``subframeCount``) of the picture at timeline time `time` into
    /// `bitmap`, replacing its contents: each blurred layer at its sub-frame's time, the others at
    /// `time`. A layer is drawn when it is visible at `time`, its sub-frames' times held within its
    /// start and end, so a layer that does not move draws the same pixels in every sub-frame.
    public func draw(at time: TimeInterval, subframe: Int, into bitmap: inout Bitmap) {
        bitmap.draw(scale: scale, background: background ?? .clear, environment: environment) { context, size in
            drawLayers(in: &context, size: size, time: time, subframe: subframe)
        }
    }

    /// Draws sub-frame `subframe` of every active layer at `time` into `context` (no background).
    func drawLayers(in context: inout CairoCanvas, size: CGSize, time: TimeInterval, subframe: Int) {
        let count = subframeCount
        let interval = fps.time(ofFrame: 1)
        for layer in layers where layer.isActive(at: time) {
            var layerTime = time
            if let blur = blur(of: layer), count > 1 {
                layerTime += blur.offset(ofSubframe: subframe, of: count, frameInterval: interval)
                layerTime = max(layerTime, layer.start)
                if let end = layer.end { layerTime = min(layerTime, end.nextDown) }
            }
            layer.draw(in: context, parent: size, localTime: layerTime - layer.start)
        }
    }
}
