import CCairo
import FlipbookRaster
import Foundation

/// A short text drawn as a shape (confetti made of emoji or symbols).
///
/// On a raster it is shaped and rasterised once per pixel size and colour, then drawn as an image
/// with the context's transform, so thousands of copies cost about what as many rectangles do.
/// Colour glyphs (emoji) keep their colours; other glyphs take the colour they are drawn with. On
/// vector pages it is drawn as text.
package struct TextSymbol: Hashable, Sendable {
    /// The characters.
    package var string: String
    /// A font family installed on the machine; `nil` for the carried system family.
    package var fontName: String?

    package init(_ string: String, fontName: String? = nil) {
        self.string = string
        self.fontName = fontName
    }
}

extension CairoCanvas {
    /// The largest pixel height a symbol is rasterised at; larger symbols scale that image up.
    static let largestSymbolPixels = 512

    /// Draws `symbol` with its ink box centred on the origin of user space, `height` points tall and
    /// as wide as its glyphs at that height times `widthScale` (a confetti piece's flip).
    package func draw(_ symbol: TextSymbol, height: CGFloat, widthScale: CGFloat, color: Color) {
        let color = color.resolved(in: session.environment)
        guard let matrix = prepare("draw text shape") else { return }
        guard height.isFinite, widthScale.isFinite else {
            session.record("draw text shape", "the height or width scale is not finite (\(height), \(widthScale))")
            return
        }
        guard height > 0, widthScale > 0, isVisible, !symbol.string.isEmpty else { return }
        guard session.isRaster else {
            drawSymbolAsText(symbol, height: height, widthScale: widthScale, color: color)
            return
        }
        // Pixels per point along the symbol's vertical axis.
        let verticalScale = (matrix.xy * matrix.xy + matrix.yy * matrix.yy).squareRoot()
        let pixels = Double(height) * verticalScale
        guard pixels.isFinite, pixels >= 0.25 else { return }
        // Clamped before converting, so a huge scale cannot overflow Int.
        let pixelHeight = max(Int(saturating: min(pixels, Double(Self.largestSymbolPixels)), rounded: .up), 1)
        do {
            try TextShaper.withShaper { shaper in
                guard let raster = try shaper.glyphRasters.raster(symbol, pixelHeight: pixelHeight, color: color,
                                                                   shaper: shaper)
                else { return }
                // The image's points: its ink rows span `height`.
                let pointsPerPixel = Double(height) / Double(raster.inkHeight)
                let w = Double(raster.width) * pointsPerPixel * Double(widthScale)
                let h = Double(raster.height) * pointsPerPixel
                let rect = CGRect(x: -w / 2, y: -h / 2, width: w, height: h)
                if paintFast(raster, in: rect, matrix: matrix) { return }
                guard let pattern = cairo_pattern_create_for_surface(raster.surface) else { return }
                let owned = PatternRef(pattern)
                var imageMatrix = cairo_matrix_t(xx: Double(raster.width) / w, yx: 0, xy: 0, yy: Double(raster.height) / h,
                                                 x0: Double(raster.width) / 2, y0: Double(raster.height) / 2)
                cairo_pattern_set_matrix(pattern, &imageMatrix)
                // The image's transparent border makes the area outside it transparent, so the image can
                // be painted rather than filled: one composite, where filling a rotated rectangle with
                // an image makes Cairo composite row by row (each call clearing pixman's 24 KB
                // scanline buffer), ten times the cost.
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
                cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
                let command = DrawCommand(shape: .rect(rect), source: .pattern(owned), extraAlpha: clampedOpacity,
                                          matrix: matrix, compositing: Compositing(blendMode))
                // Drawn while the shaper is borrowed: its images are used by one thread at a time. A filtered
                // context goes through render(), which applies the filters.
                if filters.isEmpty || layerFilters.isEmpty, case .linear(let op) = command.compositing, op == CAIRO_OPERATOR_OVER,
                   !(clip?.needsMask ?? false),
                   let cr = session.flushedContext() {
                    session.apply(clip: clip)
                    markDirty(command)
                    setSource(command, cr: cr)
                    cairo_set_operator(cr, op)
                    if command.extraAlpha >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, command.extraAlpha) }
                } else {
                    render(command)
                }
            }
        } catch let error as FlipbookError {
            session.record(error)
        } catch {
            session.record(FlipbookError(.internal, "draw text shape: \(error)"))
        }
    }

    /// Paints `raster` stretched over `rect` (user space) with ``FastImage`` when the context allows it
    /// (see ``fastPaint(_:imageToDevice:)``); `false` when Cairo must draw it.
    private func paintFast(_ raster: GlyphRaster, in rect: CGRect, matrix: cairo_matrix_t) -> Bool {
        guard let source = raster.fastSource else { return false }
        // Image pixels to user space (the rect spans the whole image), then to device space.
        let sx = Double(rect.width) / Double(raster.width), sy = Double(rect.height) / Double(raster.height)
        let ux = Double(rect.minX), uy = Double(rect.minY)
        let imageToDevice = cairo_matrix_t(xx: matrix.xx * sx, yx: matrix.yx * sx,
                                           xy: matrix.xy * sy, yy: matrix.yy * sy,
                                           x0: matrix.xx * ux + matrix.xy * uy + matrix.x0,
                                           y0: matrix.yx * ux + matrix.yy * uy + matrix.y0)
        guard let drawn = fastPaint(source, imageToDevice: imageToDevice) else { return false }
        session.markDirty(drawn)
        return true
    }

    /// Vector pages: the symbol as text, scaled so its ink is `height` tall.
    private func drawSymbolAsText(_ symbol: TextSymbol, height: CGFloat, widthScale: CGFloat, color: Color) {
        let probe: Font = symbol.fontName.map { .custom($0, size: 100) } ?? .system(size: 100)
        let ink = (try? TextShaper.withShaper { shaper in
            try TextLayout(Text(symbol.string).font(probe), width: nil, height: nil, shaper: shaper).inkRect
        }) ?? .zero
        guard ink.height > 0 else { return }
        let size = 100 * height / ink.height
        var ctx = self
        ctx.scaleBy(x: widthScale, y: 1)
        // Centre the ink box (not the logical box) on the origin.
        let k = size / 100
        let font: Font = symbol.fontName.map { .custom($0, size: size) } ?? .system(size: size)
        ctx.draw(Text(symbol.string).font(font).foregroundColor(color),
                 at: CGPoint(x: -(ink.midX * k), y: -(ink.midY * k)), anchor: .topLeading)
    }
}
