import CCairo
import Foundation

extension CairoCanvas {
    /// Draws `text` with `anchor` of its bounds (its measured size) at `point`; the default centres it there.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(text), at: point, anchor: anchor)
    }

    /// Draws `text` in `rect`: wrapped to its width and truncated (with an ellipsis) to fit its height
    /// and the text's line limit, lines aligned by the text's `multilineTextAlignment`.
    public func draw(_ text: Text, in rect: CGRect) {
        draw(resolve(text), in: rect)
    }

    /// Draws resolved text with `anchor` of its bounds at `point`.
    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
        guard point.x.isFinite, point.y.isFinite, anchor.x.isFinite, anchor.y.isFinite else {
            session.record("draw text", "the point or anchor is not finite (\(point), \(anchor))")
            return
        }
        drawText(text, width: nil, height: nil) { layout in
            let box = layout.logicalRect
            return CGPoint(x: point.x - box.minX - anchor.x * box.width, y: point.y - box.minY - anchor.y * box.height)
        }
    }

    /// Draws resolved text in `rect`: wrapped to its width and truncated to fit its height, as `draw(_:in:)` draws `Text`.
    public func draw(_ text: ResolvedText, in rect: CGRect) {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else {
            session.record("draw text", "the rectangle is not finite (\(rect))")
            return
        }
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        drawText(text, width: r.width, height: r.height) { _ in r.origin }
    }

    /// Lays the text out and draws it through the general pipeline: the glyphs, painted with the
    /// text's shading (parts with colours of their own in those), become a group pattern filling the
    /// text's padded ink box, so clips, opacity and
    /// blend modes apply as to any fill, the dirty tiles cover the ink, and vector pages keep the
    /// glyphs as text (Cairo embeds the font).
    private func drawText(_ text: ResolvedText, width: CGFloat?, height: CGFloat?,
                          origin: (TextLayout) -> CGPoint) {
        let shading = resolved(text.shading)
        guard let matrix = prepare("draw text", shading: shading), isVisible else { return }
        if let problem = TextLayout.problem(text.text, width: width, height: height) {
            session.record("draw text", problem)
            return
        }
        do {
            let drawn = try TextShaper.withShaper { shaper -> (CGRect, DrawSource)? in
                let layout = try shaper.layout(text.text, width: width, height: height)
                let at = origin(layout)
                guard !layout.paintRect.isEmpty else { return nil }
                let box = layout.paintRect.offsetBy(dx: at.x, dy: at.y).insetBy(dx: -antialiasingPad(matrix),
                                                                             dy: -antialiasingPad(matrix))
                guard let source = glyphSource(layout, at: at, box: box, shading: shading, matrix: matrix) else {
                    return nil
                }
                return (box, source)
            }
            guard let (box, source) = drawn else { return }
            render(DrawCommand(shape: .rect(box), source: source, extraAlpha: clampedOpacity, matrix: matrix,
                               compositing: Compositing(blendMode)))
        } catch let error as FlipbookError {
            session.record(error)
        } catch {
            session.record(FlipbookError(.internal, "draw text: \(error)"))
        }
    }

    /// Two device pixels in user units: antialiasing can spill a pixel past Pango's ink extents.
    private func antialiasingPad(_ m: cairo_matrix_t) -> CGFloat {
        let s = min((m.xx * m.xx + m.yx * m.yx).squareRoot(), (m.xy * m.xy + m.yy * m.yy).squareRoot())
        return s > 0 ? CGFloat(2 / s) : 0
    }

    /// The glyphs drawn at full opacity with `shading` into a group covering `box`, as a pattern in
    /// the user space of `matrix`; `nil` when nothing of the box is on the target.
    private func glyphSource(_ layout: TextLayout, at origin: CGPoint, box: CGRect, shading: Shading,
                             matrix: cairo_matrix_t) -> DrawSource? {
        guard let cr = session.flushedContext() else { return nil }
        let device = box.applying(CGAffineTransform(matrix))
        let extents = device.pixelAligned.clamped(to: session.bounds)
        guard extents.width > 0, extents.height > 0 else { return nil }
        // The opacity is applied when the group is composited (colour glyphs ignore a source's alpha).
        var opaque = self
        opaque.opacity = 1
        guard let paint = opaque.makeSource(shading, shape: .rect(box), operation: "draw text") else { return nil }

        var identity = cairo_matrix_t.identity
        var userToDevice = matrix
        cairo_save(cr)
        // The group is only as large as the text; the canvas's clip applies when it is composited.
        cairo_set_matrix(cr, &identity)
        cairo_reset_clip(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(extents.minX), Double(extents.minY), Double(extents.width), Double(extents.height))
        cairo_clip(cr)
        cairo_push_group_with_content(cr, CAIRO_CONTENT_COLOR_ALPHA)
        cairo_set_matrix(cr, &userToDevice)
        switch paint {
        case .solid(let r, let g, let b, let a): cairo_set_source_rgba(cr, r, g, b, a)
        case .pattern(let ref): cairo_set_source(cr, ref.pattern)
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        layout.show(on: cr, at: origin)
        cairo_set_matrix(cr, &identity)
        let group = cairo_pop_group(cr)
        cairo_restore(cr)
        guard let group else {
            session.record(FlipbookError(.internal, "draw text: Cairo could not make the text's group."))
            return nil
        }
        let owned = PatternRef(group)
        let status = cairo_pattern_status(group)
        guard status == CAIRO_STATUS_SUCCESS else {
            session.record(FlipbookError.cairo(status, while: "draw text: drawing the glyphs"))
            return nil
        }
        // Pattern space was device space; make it the user space of the command's matrix.
        var deviceToGroup = cairo_matrix_t()
        cairo_pattern_get_matrix(group, &deviceToGroup)
        var userToGroup = cairo_matrix_t()
        cairo_matrix_multiply(&userToGroup, &userToDevice, &deviceToGroup)
        cairo_pattern_set_matrix(group, &userToGroup)
        return .pattern(owned)
    }
}
