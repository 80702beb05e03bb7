import CCairo
import FlipbookRaster
import Foundation

/// Pixels per point at which PDF and SVG stills rasterize what has no vector form (a blur, a colour
/// matrix) when the caller names no resolution: 4, i.e. 288 dpi, so a still printed or zoomed stays
/// crisp.
let vectorFilterScale = 4.0
/// The most pixels a vector still's page may be rasterized to (16 Mi: 256 MiB while filtering a
/// filtered group covering the whole page); a higher resolution is lowered to fit.
let vectorFilterPixels = Double(1 << 24)

/// The pixels per point a vector page of `size` points rasterizes at when `requested` is asked for:
/// `requested`, lowered so the whole page would be at most ``vectorFilterPixels`` pixels.
func vectorRasterScale(requested: Double, page size: CGSize) -> Double {
    let area = Double(size.width * size.height)
    return min(requested, (vectorFilterPixels / max(area, 1)).squareRoot())
}

extension CairoCanvas {
    /// Draws `command` as SwiftUI draws with filters: into a transparent layer without this context's
    /// opacity, blend mode or clip; `filters` (the context's, or those of them that work on pixels)
    /// applied to the layer; the result composited with the context's opacity, blend mode and clip.
    func renderFiltered(_ command: DrawCommand, filters: [DeviceFilter]) {
        var plain = self
        plain.filters = []
        plain.opacity = 1
        plain.blendMode = .normal
        plain.clip = nil
        var inner = command
        inner.extraAlpha = 1
        inner.compositing = .linear(CAIRO_OPERATOR_OVER)
        inner.isPremasked = false
        drawFiltered(filters, drawn: plain.deviceExtents(inner)) { plain.render(inner) }
    }

    /// Runs `draw` (which draws through an unfiltered, unclipped context) into a layer covering what
    /// `filters` can bring into view, filters the layer and composites it. `drawn` bounds what `draw`
    /// can touch, in device units.
    func drawFiltered(_ filters: [DeviceFilter], drawn: CGRect, _ draw: () -> Void) {
        guard let cr = session.flushedContext(), isVisible else { return }
        let scale = session.isRaster ? 1 : session.vectorRasterScale
        let device = session.bounds
        let clipBounds = clipDeviceBounds.pixelAligned.clamped(to: device)
        let probe = FilterPipeline(filters: filters, scale: scale, origin: .zero)
        let reach = CGFloat(probe.reach.rounded(.up))
        let boundedBlend: Bool
        if case .linear = Compositing(blendMode) { boundedBlend = true } else { boundedBlend = false }

        // Where the result may be visible, and the content that can reach there.
        let output: CGRect
        if probe.isBounded && boundedBlend {
            guard drawn.width > 0, drawn.height > 0 else { return }
            output = drawn.insetBy(dx: -reach, dy: -reach).pixelAligned.clamped(to: clipBounds)
        } else {
            output = clipBounds
        }
        guard output.width > 0, output.height > 0 else { return }
        let needsAll = filters.contains { if case .projection = $0.kind { return true } else { return false } }
        let input = needsAll ? device
            : output.union(drawn.clamped(to: output.insetBy(dx: -reach, dy: -reach))).pixelAligned.clamped(to: device)
        guard input.width > 0, input.height > 0 else { return }

        let group = LayerGroup(session: session, cr: cr, extents: input)
        draw()
        guard session.isOpen, let content = group.finish() else { return }

        switch rasterize(content, input: input, scale: scale) {
        case .failure(let error):
            session.record(error)
        case .success(let surface):
            let pipeline = FilterPipeline(filters: filters, scale: scale, origin: input.origin)
            for layer in pipeline.apply(to: FilterImage(surface: surface.surface)) {
                composite(layer, input: input, output: output, scale: scale)
            }
        }
    }

    /// The device-space pattern `content` over `input`, as pixels.
    private func rasterize(_ content: PatternRef, input: CGRect, scale: Double) -> Result<ImageSurfaceRef, FlipbookError> {
        let w = (Double(input.width) * scale).rounded(.up), h = (Double(input.height) * scale).rounded(.up)
        let sides = 0...Double(Bitmap.maximumDimension)
        guard sides.contains(w), sides.contains(h) else {
            return .failure(FlipbookError(.internal, "A filter layer of \(w)×\(h) pixels is too large."))
        }
        let made = ImageSurfaceRef.make(width: Int(w), height: Int(h))
        guard case .success(let image) = made, let cr = cairo_create(image.surface) else { return made }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -Double(input.minX), -Double(input.minY))
        cairo_set_source(cr, content.pattern)
        cairo_paint(cr)
        cairo_surface_flush(image.surface)
        return .success(image)
    }

    /// Composites one filtered picture of the layer over `output` with this context's opacity,
    /// blend mode and clip.
    private func composite(_ layer: FilteredLayer, input: CGRect, output: CGRect, scale: Double) {
        guard case .success(let image) = ImageSurfaceRef.make(width: layer.image.width, height: layer.image.height),
              let pattern = cairo_pattern_create_for_surface(image.surface)
        else { return }
        let source = PatternRef(pattern)
        layer.image.store(into: image.surface)
        var matrix = cairo_matrix_t(xx: scale, yx: 0, xy: 0, yy: scale,
                                    x0: -Double(input.minX) * scale, y0: -Double(input.minY) * scale)
        cairo_pattern_set_matrix(pattern, &matrix)
        // Raster layers line up with the target's pixels exactly; vector ones are scaled down.
        cairo_pattern_set_filter(pattern, session.isRaster ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
        var plain = self
        plain.filters = []
        plain.render(DrawCommand(
            shape: .rect(output), source: .pattern(source), extraAlpha: clampedOpacity, matrix: .identity,
            compositing: Compositing(layer.blendMode ?? blendMode)))
    }
}
