import CCairo
import Foundation

/// Owns one Cairo pattern.
final class PatternRef {
    let pattern: OpaquePointer

    init(_ pattern: OpaquePointer) {
        self.pattern = pattern
    }

    deinit {
        cairo_pattern_destroy(pattern)
    }
}

/// What paints a shape.
enum DrawSource {
    /// A solid colour, non-premultiplied, with the context's opacity already in `a`.
    case solid(r: Double, g: Double, b: Double, a: Double)
    /// A pattern whose coordinates are the user space of the command's matrix.
    case pattern(PatternRef)
}

/// One fill, stroke, image or layer composite, ready for Cairo.
struct DrawCommand {
    enum Shape {
        case fill(Path, FillStyle)
        case stroke(Path, StrokeStyle)
        /// A rectangle filled with the source (images, layers).
        case rect(CGRect)

        /// Whether the shape is an area Cairo can clip to (everything but strokes).
        var isArea: Bool {
            if case .stroke = self { return false }
            return true
        }
    }

    var shape: Shape
    var source: DrawSource
    /// Opacity still to apply on top of the source (1 when it is baked into the source).
    var extraAlpha: Double
    /// User space to device.
    var matrix: cairo_matrix_t
    var compositing: Compositing
    /// Whether the source is already limited to the clip's mask (layer contents).
    var isPremasked = false

    /// A user-space box containing every pixel the shape can touch (`nil` for an empty path).
    var userBounds: CGRect? {
        switch shape {
        case .fill(let path, _):
            return PathEmitter.controlBounds(path)
        case .stroke(let path, let style):
            return PathEmitter.controlBounds(path)?.insetBy(dx: -style.outset, dy: -style.outset)
        case .rect(let r):
            return r
        }
    }

    var transform: CGAffineTransform {
        CGAffineTransform(matrix)
    }
}
