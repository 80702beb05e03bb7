import CCairo
import FlipbookRaster
import Foundation

/// SwiftUI's shadow filter on one layer, in the layer's pixels.
struct ShadowFilter {
    /// Premultiplied.
    let color: SIMD4<Float>
    let sigma: Double
    let dx: Double
    let dy: Double
    let blendMode: CairoCanvas.BlendMode
    let options: CairoCanvas.ShadowOptions

    func apply(to layer: FilteredLayer) -> [FilteredLayer] {
        let source = layer.image
        var shadow = source.alphaShifted(dx: dx, dy: dy, colour: color)
        GaussianBlur(sigma: sigma).apply(to: &shadow)
        if options.contains(.invertsAlpha) {
            // The blur of the inverted alpha is one minus the blur of the alpha (outside counts as 1).
            for i in shadow.pixels.indices {
                shadow.pixels[i] = (color - shadow.pixels[i]).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
            }
        }
        if options.contains(.shadowOnly) {
            return [FilteredLayer(image: shadow, blendMode: layer.blendMode)]
        }
        if options.contains(.disablesGroup) {
            let shadowLayer = FilteredLayer(image: shadow, blendMode: blendMode == .normal ? layer.blendMode : blendMode)
            return options.contains(.shadowAbove) ? [layer, shadowLayer] : [shadowLayer, layer]
        }
        var combined = source
        if options.contains(.shadowAbove) {
            Self.composite(shadow, onto: &combined, mode: blendMode)
        } else {
            // Under the source: the shadow goes into the empty group first, then the source over it.
            combined = shadow
            Self.composite(source, onto: &combined, mode: .normal)
        }
        return [FilteredLayer(image: combined, blendMode: layer.blendMode)]
    }

    /// Composites `top` onto `bottom` with Cairo's operator for `mode`.
    static func composite(_ top: FilterImage, onto bottom: inout FilterImage, mode: CairoCanvas.BlendMode) {
        if mode == .normal {
            for i in bottom.pixels.indices {
                bottom.pixels[i] = top.pixels[i] + bottom.pixels[i] * (1 - top.pixels[i].w)
            }
            bottom.clampToUnit()  // `t + b·(1 − t)` may round a unit in the last place above 1
            return
        }
        guard case .success(let below) = ImageSurfaceRef.make(width: bottom.width, height: bottom.height),
              case .success(let above) = ImageSurfaceRef.make(width: top.width, height: top.height),
              let cr = cairo_create(below.surface)
        else { return }
        defer { cairo_destroy(cr) }
        bottom.store(into: below.surface)
        top.store(into: above.surface)
        let op: cairo_operator_t
        switch Compositing(mode) {
        case .linear(let o), .coverageBlended(let o), .unbounded(let o): op = o
        case .plusDarker: op = CAIRO_OPERATOR_MULTIPLY
        }
        cairo_set_source_surface(cr, above.surface, 0, 0)
        cairo_set_operator(cr, op)
        cairo_paint(cr)
        cairo_surface_flush(below.surface)
        bottom = FilterImage(surface: below.surface)
    }
}
