import CCairo
import Foundation

extension CairoCanvas {
    /// The symbol given to the drawing call under `id`, rasterised for this context's scale; `nil`
    /// when there is none by that id (as SwiftUI's `resolveSymbol(id:)`).
    public func resolveSymbol<ID: Hashable>(id: ID) -> ResolvedSymbol? {
        guard session.isOpen else { return nil }
        let m = drawingTransform
        // Device pixels per point along the wider of the transform's axes.
        let scale = max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot())
        return session.symbols.resolve(AnyHashable(id), pixelsPerPoint: Double(scale), environment: session.environment,
                                       report: session.record)
    }

    /// Draws `symbol` scaled to fill `rect`, with this context's transform, opacity, blend mode, clip
    /// and filters.
    public func draw(_ symbol: ResolvedSymbol, in rect: CGRect) {
        guard let matrix = prepare("draw symbol", rect: rect) else { return }
        let r = rect.standardized
        if let vector = symbol.vector {
            drawVector(vector, size: symbol.size, in: r)
            return
        }
        guard let raster = symbol.raster, r.width > 0, r.height > 0, isVisible else { return }
        // Raster pixels to user space: the content's pixels span `r`, the padding lies around it.
        let sx = Double(r.width) / raster.contentWidth, sy = Double(r.height) / raster.contentHeight
        let pad = Double(SymbolRaster.padding)
        let ux = Double(r.minX) - pad * sx, uy = Double(r.minY) - pad * sy
        let imageToUser = CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: ux, ty: uy)
        let imageToDevice = cairo_matrix_t(imageToUser.concatenating(CGAffineTransform(matrix)))
        if let source = raster.fastSource, let drawn = fastPaint(source, imageToDevice: imageToDevice) {
            session.markDirty(drawn)
            return
        }
        guard let pattern = cairo_pattern_create_for_surface(raster.bitmap.storage.surface) else {
            session.record(FlipbookError(.internal, "draw symbol: Cairo could not create an image pattern."))
            return
        }
        let owned = PatternRef(pattern)
        // User space → raster pixels.
        var userToImage = cairo_matrix_t(imageToUser.inverted())
        cairo_pattern_set_matrix(pattern, &userToImage)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        let padded = CGRect(x: ux, y: uy, width: Double(raster.bitmap.width) * sx, height: Double(raster.bitmap.height) * sy)
        render(DrawCommand(shape: .rect(padded), source: .pattern(owned), extraAlpha: clampedOpacity, matrix: matrix,
                           compositing: Compositing(blendMode)))
    }

    /// A PDF's or SVG's symbol: its content drawn as vectors, scaled from its `size` to `rect`.
    private func drawVector(_ symbol: Symbol, size: CGSize, in rect: CGRect) {
        guard size.width > 0, size.height > 0, rect.width > 0, rect.height > 0 else { return }
        var context = self
        context.translateBy(x: rect.minX, y: rect.minY)
        context.scaleBy(x: rect.width / size.width, y: rect.height / size.height)
        // One group, so the context's opacity and filters apply to the symbol as a whole, as they do
        // to a raster symbol.
        context.drawLayer { layer in symbol.draw(in: &layer, size: size) }
    }

    /// Draws `symbol` at its size with `anchor` placed at `point`.
    public func draw(_ symbol: ResolvedSymbol, at point: CGPoint, anchor: UnitPoint = .center) {
        let size = symbol.size
        draw(symbol, in: CGRect(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height,
                                width: size.width, height: size.height))
    }
}
