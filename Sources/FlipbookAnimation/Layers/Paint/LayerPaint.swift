import FlipbookDrawing
import Foundation

/// What paints a layer's shape, line or glyphs: one colour or a gradient over the layer's box,
/// either of them keyframable.
///
/// A shape layer fills and strokes with it (``ShapeScene/fill``, ``ShapeScene/Stroke/paint``), a text
/// layer paints its glyphs with it (``TextScene/fill``).
public enum LayerPaint: Sendable, Equatable {
    /// One colour, mixed in linear light between keyframes.
    case color(Keyframed<Color>)
    /// A gradient laid out over the layer's box.
    case gradient(LayerGradient)

    /// The shading at `time` for a layer whose box is `box` (in the drawing's user space).
    public func shading(in box: CGRect, at time: TimeInterval) -> GraphicsContext.Shading {
        switch self {
        case .color(let color): .color(color.value(at: time))
        case .gradient(let gradient): gradient.shading(in: box, at: time)
        }
    }

    /// Checks the colour's keyframes under `keyPath.colorKey` (`keyPath` itself without one, as a fill
    /// writes a colour) or the gradient's values under `keyPath.gradient`, as files write them.
    func validate(keyPath: String, colorKey: String? = nil) throws {
        switch self {
        case .color(let color): try color.validate(keyPath: colorKey.map { joinKeyPath(keyPath, $0) } ?? keyPath)
        case .gradient(let gradient): try gradient.validate(keyPath: joinKeyPath(keyPath, "gradient"))
        }
    }
}
