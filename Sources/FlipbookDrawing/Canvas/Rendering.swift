import CCairo
import FlipbookRaster
import Foundation

// The drawing pipeline. State lives in Swift and is set on the Cairo context per call; nothing is
// saved or restored on the common path (a solid fill or stroke, a gradient, an opaque image with a
// blend mode Cairo bounds by the shape, under a clip Cairo can express). Groups are pushed only where
// the result needs them, always clipped first to the drawn extents.
extension CairoCanvas {
    /// `fastFillDeclined`: the caller already offered this command's fill to ``fastFill(_:_:r:g:b:a:matrix:)``
    /// in this context, which declined it; it would decline again (after flattening the path again).
    func render(_ command: DrawCommand, fastFillDeclined: Bool = false) {
        if !filters.isEmpty, !layerFilters.isEmpty { return renderFiltered(command, filters: Array(layerFilters)) }
        guard let planned = session.clearedContext() else { return }
        if allowsFastPath(command.compositing),
           let drawn = (fastFillDeclined ? nil : fastFill(command)) ?? fastRing(command, cr: planned) {
            session.markDirty(drawn)
            return
        }
        // Cairo draws it, after what is planned.
        guard let cr = session.flushedContext() else { return }
        session.apply(clip: clip)
        let needsMask = clip?.needsMask ?? false
        let baked = command.extraAlpha >= 1
        markDirty(command)
        switch command.compositing {
        case .linear(let op) where !needsMask || command.isPremasked:
            if baked {
                drawDirect(command, op: op, cr: cr)
            } else {
                drawClipped(command, op: op, cr: cr)
            }
        case .coverageBlended(let op) where !needsMask && baked:
            drawDirect(command, op: op, cr: cr)
        case .unbounded(let op) where !needsMask && baked && command.shape.isArea:
            // Clipping to the shape makes Cairo blend the unbounded result by the shape's coverage.
            drawClipped(command, op: op, cr: cr)
        default:
            renderInGroups(command, cr: cr, needsMask: needsMask)
        }
    }

    /// Marks the tiles `command` may change: its device extents within the clip. Every path of
    /// ``render(_:)`` keeps its pixels there (groups are clipped to these extents; shapes are bounded
    /// by them).
    func markDirty(_ command: DrawCommand) {
        guard session.dirty != nil else { return }
        // Whole pixels within the target (see deviceExtents), so the conversion to Int is exact and safe.
        let extents = deviceExtents(command)
        session.markDirty(PixelRect(x: Int(extents.minX), y: Int(extents.minY),
                                    width: Int(extents.width), height: Int(extents.height)))
    }

    /// Sets the matrix and then the source (patterns lock to the user space in force when set).
    func setSource(_ command: DrawCommand, cr: OpaquePointer) {
        var matrix = command.matrix
        cairo_set_matrix(cr, &matrix)
        switch command.source {
        case .solid(let r, let g, let b, let a):
            cairo_set_source_rgba(cr, r, g, b, a)
        case .pattern(let ref):
            cairo_set_source(cr, ref.pattern)
        }
    }

    /// Appends the command's shape as Cairo's current path and sets the fill rule and anti-aliasing for it.
    func appendShape(_ shape: DrawCommand.Shape, cr: OpaquePointer) {
        switch shape {
        case .fill(let path, let style):
            PathEmitter.emit(path, into: cr)
            cairo_set_fill_rule(cr, style.isEOFilled ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_set_antialias(cr, style.isAntialiased ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        case .stroke(let path, _):
            PathEmitter.emit(path, into: cr)
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        case .rect(let r):
            cairo_new_path(cr)
            cairo_rectangle(cr, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        }
    }

    /// Sets Cairo's line state from `style`.
    func setStrokeStyle(_ style: StrokeStyle, cr: OpaquePointer) {
        cairo_set_line_width(cr, Double(style.lineWidth))
        switch style.lineCap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
        switch style.lineJoin {
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        }
        cairo_set_miter_limit(cr, Double(style.miterLimit))
        // Cairo rejects a pattern whose lengths are all zero (an error state); Core Graphics draws such
        // a line solid, so hand Cairo no dashes then.
        if style.dash.contains(where: { $0 > 0 }) {
            let lengths = style.dash.map { Double($0) }
            cairo_set_dash(cr, lengths, Int32(lengths.count), Double(style.dashPhase))
        } else {
            cairo_set_dash(cr, nil, 0, 0)
        }
    }

    /// Paints the shape with the source and `op`, source alpha baked in: the fast path.
    func drawDirect(_ command: DrawCommand, op: cairo_operator_t, cr: OpaquePointer) {
        setSource(command, cr: cr)
        cairo_set_operator(cr, op)
        appendShape(command.shape, cr: cr)
        if case .stroke(_, let style) = command.shape {
            setStrokeStyle(style, cr: cr)
            cairo_stroke(cr)
        } else {
            cairo_fill(cr)
        }
    }

    /// Clips to an area shape and paints the source with `op` and the command's extra alpha.
    func drawClipped(_ command: DrawCommand, op: cairo_operator_t, cr: OpaquePointer) {
        cairo_save(cr)
        setSource(command, cr: cr)
        appendShape(command.shape, cr: cr)
        cairo_clip(cr)
        cairo_set_operator(cr, op)
        if command.extraAlpha >= 1 {
            cairo_paint(cr)
        } else {
            cairo_paint_with_alpha(cr, command.extraAlpha)
        }
        cairo_restore(cr)
    }

    /// Draws the command over transparency (the source times coverage times opacity).
    func drawOver(_ command: DrawCommand, cr: OpaquePointer) {
        if command.extraAlpha >= 1 {
            drawDirect(command, op: CAIRO_OPERATOR_OVER, cr: cr)
        } else if command.shape.isArea {
            drawClipped(command, op: CAIRO_OPERATOR_OVER, cr: cr)
        }
    }

    /// The device-space pixels the command may touch, within the clip and the target.
    func deviceExtents(_ command: DrawCommand) -> CGRect {
        var extents = clipDeviceBounds
        if let bounds = command.userBounds {
            let device = bounds.applying(command.transform)
            // Huge finite coordinates can overflow to infinity (or NaN, as ∞ · 0) in the box or its
            // transform; the clip's bounds are then the safe, conservative answer.
            if device.minX.isFinite, device.minY.isFinite, device.maxX.isFinite, device.maxY.isFinite {
                extents = device.clamped(to: extents)
            }
        }
        return extents.pixelAligned.clamped(to: session.bounds)
    }

    /// The slow path: masks, blend modes Cairo applies outside the shape, and plusDarker.
    func renderInGroups(_ command: DrawCommand, cr: OpaquePointer, needsMask: Bool) {
        let extents = deviceExtents(command)
        guard extents.width > 0, extents.height > 0 else { return }
        var identity = cairo_matrix_t.identity
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_matrix(cr, &identity)
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(extents.minX), Double(extents.minY), Double(extents.width), Double(extents.height))
        cairo_clip(cr)
        let applyMask = needsMask && !command.isPremasked

        switch command.compositing {
        case .linear(let op):
            cairo_push_group(cr)
            drawOver(command, cr: cr)
            if applyMask, let clip { session.applyClipMask(for: clip) }
            cairo_set_matrix(cr, &identity)
            cairo_pop_group_to_source(cr)
            cairo_set_operator(cr, op)
            cairo_paint(cr)

        case .plusDarker:
            cairo_push_group(cr)
            drawOver(command, cr: cr)
            if applyMask, let clip { session.applyClipMask(for: clip) }
            cairo_set_matrix(cr, &identity)
            guard let group = cairo_pop_group(cr) else { return }
            defer { cairo_pattern_destroy(group) }
            if !(session.isRaster && PlusDarker.composite(group: group, onto: cairo_get_group_target(cr), extents: extents)) {
                cairo_set_source(cr, group)
                cairo_set_operator(cr, CAIRO_OPERATOR_MULTIPLY)
                cairo_paint(cr)
            }

        case .coverageBlended(let op), .unbounded(let op):
            guard session.isRaster, let parent = cairo_get_group_target(cr) else {
                // Vector output: Cairo's own semantics for the operator.
                if needsMask {
                    cairo_push_group(cr)
                    drawOver(command, cr: cr)
                    if let clip { session.applyClipMask(for: clip) }
                    cairo_set_matrix(cr, &identity)
                    cairo_pop_group_to_source(cr)
                    cairo_set_operator(cr, op)
                    cairo_paint(cr)
                } else if command.shape.isArea {
                    drawClipped(command, op: op, cr: cr)
                } else {
                    drawDirect(command, op: op, cr: cr)
                }
                return
            }
            blendByCoverage(command, op: op, parent: parent, needsMask: needsMask, cr: cr)
        }
    }

    /// `R = m · op(S, D) + (1 − m) · D`, where `m` is the shape's coverage (times the clip mask):
    /// a copy of the destination with `op` applied everywhere is laid over the destination through
    /// the coverage mask with `SOURCE`, which Cairo blends by the mask. Raster targets only.
    func blendByCoverage(_ command: DrawCommand, op: cairo_operator_t, parent: OpaquePointer, needsMask: Bool,
                         cr: OpaquePointer) {
        var identity = cairo_matrix_t.identity
        var matrix = command.matrix

        // The source at its opacity, as a pattern covering the plane when the opacity is not baked in.
        var plane: PatternRef?
        if command.extraAlpha < 1 {
            cairo_push_group(cr)
            setSource(command, cr: cr)
            cairo_paint_with_alpha(cr, command.extraAlpha)
            cairo_set_matrix(cr, &identity)
            guard let pattern = cairo_pop_group(cr) else { return }
            plane = PatternRef(pattern)
            cairo_pattern_set_matrix(pattern, &matrix)
        }

        // The destination with op applied.
        cairo_push_group(cr)
        cairo_set_source_surface(cr, parent, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        if let plane {
            cairo_set_matrix(cr, &matrix)
            cairo_set_source(cr, plane.pattern)
        } else {
            setSource(command, cr: cr)
        }
        cairo_set_operator(cr, op)
        cairo_paint(cr)
        cairo_set_matrix(cr, &identity)
        guard let blended = cairo_pop_group(cr) else { return }
        defer { cairo_pattern_destroy(blended) }

        // The coverage.
        cairo_push_group(cr)
        var coverage = command
        coverage.source = .solid(r: 1, g: 1, b: 1, a: 1)
        coverage.extraAlpha = 1
        drawDirect(coverage, op: CAIRO_OPERATOR_OVER, cr: cr)
        if needsMask, let clip { session.applyClipMask(for: clip) }
        cairo_set_matrix(cr, &identity)
        guard let mask = cairo_pop_group(cr) else { return }
        defer { cairo_pattern_destroy(mask) }

        cairo_set_matrix(cr, &identity)
        cairo_set_source(cr, blended)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_mask(cr, mask)
    }
}
