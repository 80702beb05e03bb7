import CCairo
import Foundation

extension CairoCanvas {
    /// The Cairo source for `shading` at this context's opacity, or `nil` (after recording why) when
    /// Cairo cannot make it. Conic gradients are built to cover `shape`.
    func makeSource(_ shading: Shading, shape: DrawCommand.Shape, operation: String) -> DrawSource? {
        let shading = resolved(shading)
        // A filtered draw is made at full opacity; the opacity applies to the filtered layer.
        let o = filters.isEmpty || layerFilters.isEmpty ? clampedOpacity : 1
        let pattern: OpaquePointer?
        let gradientOptions: GradientOptions
        let gradient: Gradient
        switch shading.kind {
        case .color(let c):
            return .solid(r: c.red, g: c.green, b: c.blue, a: c.opacity * o)
        case .foreground:
            // Replaced by resolved(_:) above; drawn as the default foreground all the same.
            return makeSource(.color(.primary), shape: shape, operation: operation)
        case .tiledImage(let image, let origin, let sourceRect, let scale):
            return tiledImageSource(image, origin: origin, sourceRect: sourceRect, scale: scale, opacity: o,
                                    operation: operation)
        case .boundsGradient(let g):
            // SwiftUI's Gradient as a style: top to bottom of the shape's bounds.
            let bounds = DrawCommand(shape: shape, source: .solid(r: 0, g: 0, b: 0, a: 0), extraAlpha: 1,
                                     matrix: .identity, compositing: .plusDarker).userBounds ?? .zero
            pattern = cairo_pattern_create_linear(Double(bounds.midX), Double(bounds.minY),
                                                  Double(bounds.midX), Double(bounds.maxY))
            gradient = g
            gradientOptions = GradientOptions()
        case .linear(let g, let start, let end, let options):
            pattern = cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y))
            gradient = g
            gradientOptions = options
        case .radial(let g, let center, let r0, let r1, let options):
            pattern = cairo_pattern_create_radial(
                Double(center.x), Double(center.y), Double(max(r0, 0)),
                Double(center.x), Double(center.y), Double(max(r1, 0)))
            gradient = g
            gradientOptions = options
        case .conic(let g, let center, let angle, let options):
            let ramp = GradientRamp(g, opacity: o, linearColor: options.contains(.linearColor))
            pattern = ConicGradient.makePattern(
                ramp: ramp, center: center, angle: angle,
                covering: DrawCommand(shape: shape, source: .solid(r: 0, g: 0, b: 0, a: 0), extraAlpha: 1,
                                      matrix: .identity, compositing: .plusDarker).userBounds ?? .zero)
            gradient = g
            gradientOptions = options
            return adopt(pattern, operation: operation)
        }
        guard let pattern else {
            session.record(FlipbookError(.internal, "\(operation): Cairo could not create a gradient."))
            return nil
        }
        let ramp = GradientRamp(gradient, opacity: o, linearColor: gradientOptions.contains(.linearColor))
        for stop in ramp.entries {
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, stop.r, stop.g, stop.b, stop.a)
        }
        let extend: cairo_extend_t
        if gradientOptions.contains(.mirror) {
            extend = CAIRO_EXTEND_REFLECT
        } else if gradientOptions.contains(.repeat) {
            extend = CAIRO_EXTEND_REPEAT
        } else {
            extend = CAIRO_EXTEND_PAD
        }
        cairo_pattern_set_extend(pattern, extend)
        return adopt(pattern, operation: operation)
    }

    /// Takes ownership of a new pattern after checking its status.
    func adopt(_ pattern: OpaquePointer?, operation: String) -> DrawSource? {
        guard let pattern else {
            session.record(FlipbookError(.internal, "\(operation): Cairo could not create a pattern."))
            return nil
        }
        let owned = PatternRef(pattern)
        let status = cairo_pattern_status(pattern)
        guard status == CAIRO_STATUS_SUCCESS else {
            session.record(FlipbookError.cairo(status, while: "\(operation): creating a pattern"))
            return nil
        }
        return .pattern(owned)
    }
}
