import CCairo
import FlipbookRaster
import Foundation

// Draws handed to the raster layer's fast paths (fills, rings, images) instead of Cairo. Whether a draw
// may go there is decided in three steps, each in one place: this context's state
// (``CairoCanvas/allowsFastPath(_:)``), the target's pixels (``TargetPixels/init(_:)``), and the shape
// itself (each fast path's `place`, which declines what it cannot draw as Cairo would).
extension CairoCanvas {
    /// Whether this context's state lets a draw composited with `compositing` go to a fast path: fast
    /// paths allowed, a raster target, no filter, no clip, and source-over (the normal blend mode).
    @inline(__always)
    func allowsFastPath(_ compositing: Compositing) -> Bool {
        allowsFastPaths && session.isRaster && (filters.isEmpty || layerFilters.isEmpty) && clip == nil
            && compositing == .linear(CAIRO_OPERATOR_OVER)
    }

    /// Draws a small solid non-zero fill with the session's own rasterizer when it can (see
    /// ``FastFillRasterizer``) and returns the pixels drawn; `nil` when the command is not eligible.
    func fastFill(_ command: DrawCommand) -> PixelRect? {
        guard case .fill(let path, let style) = command.shape,
              case .solid(let r, let g, let b, let a) = command.source, command.extraAlpha >= 1
        else { return nil }
        return fastFill(path, style, r: r, g: g, b: b, a: a, matrix: command.matrix)
    }

    /// Fills `path` with a solid colour (`a` with the context's opacity in it) with the session's own
    /// rasterizer when this context allows it (``allowsFastPath(_:)``), the style is an anti-aliased
    /// non-zero fill and the fill is eligible; returns the pixels drawn, or `nil` without drawing.
    /// `fill(_:with:style:)` calls it before making a draw command, ``render(_:fastFillDeclined:)``
    /// for commands that get there.
    func fastFill(_ path: Path, _ style: FillStyle, r: Double, g: Double, b: Double, a: Double,
                  matrix: cairo_matrix_t) -> PixelRect? {
        guard allowsFastPath(Compositing(blendMode)), !style.isEOFilled, style.isAntialiased,
              let cr = session.clearedContext(), let target = cairo_get_group_target(cr)
        else { return nil }
        guard let plan = session.plan else {
            return session.fastFill.fill(path, matrix: matrix, r: r, g: g, b: b, a: a, target: target,
                                         windows: allowsFillWindows)
        }
        guard let pixels = TargetPixels(target) else { return nil }
        let fills = session.fastFill
        switch fills.place(path, transform: CGAffineTransform(matrix), r: r, g: g, b: b, a: a, target: pixels,
                           windows: allowsFillWindows) {
        case .declined: return nil
        case .nothing: return PixelRect.none
        case .placed(let fill):
            makeRoom(in: plan, for: target)
            plan.add(fill, points: fills.placedPoints, target: pixels)
            return fill.drawn
        }
    }

    /// Draws what `plan` holds when it is for another target than `target` or full, so that the next
    /// shape can be added.
    private func makeRoom(in plan: FramePlan, for target: OpaquePointer) {
        if let planned = plan.target?.image, planned != target || plan.isFull { session.drawPlan() }
    }

    /// Strokes a circle with a solid colour with ``FastRing`` when it can and returns the pixels drawn;
    /// `nil` when the command is not eligible (not a circle, a dashed line, a gradient, a
    /// non-similarity transform).
    func fastRing(_ command: DrawCommand, cr: OpaquePointer) -> PixelRect? {
        // Caps and joins do not matter: the circle is one closed, smooth subpath.
        guard case .stroke(let path, let style) = command.shape, !style.dash.contains(where: { $0 > 0 }),
              case .solid(let r, let g, let b, let a) = command.source, command.extraAlpha >= 1,
              let circle = DeviceCircle(path, matrix: command.matrix),
              let target = cairo_get_group_target(cr)
        else { return nil }
        let width = Double(style.lineWidth) * circle.scale
        guard let plan = session.plan else {
            return FastRing.stroke(circle, width: width, r: r, g: g, b: b, a: a, target: target,
                                   scratch: session.fastRing)
        }
        guard let pixels = TargetPixels(target) else { return nil }
        switch FastRing.place(circle, width: width, r: r, g: g, b: b, a: a, target: pixels) {
        case .declined: return nil
        case .nothing: return PixelRect.none
        case .placed(let ring):
            makeRoom(in: plan, for: target)
            plan.add(ring, target: pixels)
            return ring.bounds(on: pixels)
        }
    }

    /// Paints `source` with `imageToDevice` and the context's opacity with ``FastImage`` when this
    /// context allows it (``allowsFastPath(_:)``) and the paint is eligible; returns the pixels drawn,
    /// or `nil` when Cairo must draw it. What is planned is drawn first: images are not planned.
    func fastPaint(_ source: FastImage.Source, imageToDevice: cairo_matrix_t) -> PixelRect? {
        guard allowsFastPath(Compositing(blendMode)), let cr = session.flushedContext(), let target = cairo_get_group_target(cr)
        else { return nil }
        return FastImage.paint(source, imageToDevice: imageToDevice, opacity: clampedOpacity, target: target)
    }
}
