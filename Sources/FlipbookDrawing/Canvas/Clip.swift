import CCairo
import Foundation

/// One clip applied by ``CairoCanvas/clip(to:style:options:)``, linked to the clips applied before it.
///
/// Clip lists are immutable and shared between context copies; the session compares them by identity
/// to know whether Cairo already has the right clip.
final class ClipNode {
    let parent: ClipNode?
    let path: Path
    /// The device matrix in force when the clip was made.
    let matrix: cairo_matrix_t
    let style: FillStyle
    let inverse: Bool
    /// A conservative device-space bound of the visible area (the intersection of all entries).
    let deviceBounds: CGRect
    /// Whether nothing can be visible through this clip.
    let isEmpty: Bool
    /// Whether this or an earlier entry is an inverse non-zero clip or a layer, which Cairo cannot
    /// clip to and the canvas applies as a mask.
    let needsMask: Bool
    /// For a clip made by `clipToLayer`: the layer (a device-space pattern) whose alpha, times
    /// ``layerOpacity``, is the mask (its complement with ``inverse``).
    let layer: PatternRef?
    let layerOpacity: Double

    /// A clip entry; `bounds` is the parent's bounds (or the raster's) intersected with this entry's.
    init(parent: ClipNode?, path: Path, matrix: cairo_matrix_t, style: FillStyle, inverse: Bool, bounds: CGRect,
         layer: PatternRef? = nil, layerOpacity: Double = 1) {
        self.parent = parent
        self.layer = layer
        self.layerOpacity = layerOpacity
        self.path = path
        self.matrix = matrix
        self.style = style
        self.inverse = inverse
        self.deviceBounds = bounds
        self.isEmpty = bounds.isNull || bounds.isEmpty || (parent?.isEmpty ?? false)
        self.needsMask = layer != nil || (inverse && !style.isEOFilled) || (parent?.needsMask ?? false)
    }

    /// A clip through which nothing is visible.
    static func empty(parent: ClipNode?) -> ClipNode {
        ClipNode(parent: parent, path: Path(), matrix: .identity, style: FillStyle(), inverse: false, bounds: .zero)
    }

    /// Whether this entry is drawn into the mask instead of given to `cairo_clip`.
    var isMaskEntry: Bool { layer != nil || (inverse && !style.isEOFilled) }

    /// The entries from the first applied to this one.
    var chain: [ClipNode] {
        var nodes: [ClipNode] = []
        var node: ClipNode? = self
        while let current = node {
            nodes.append(current)
            node = current.parent
        }
        return nodes.reversed()
    }
}

extension DrawingSession {
    /// Makes Cairo's clip match `clip`, unless it already does.
    ///
    /// Plain entries become `cairo_clip` calls. An inverse even-odd entry is a rectangle around the
    /// whole raster plus the path, clipped with the even-odd rule, which keeps exactly the outside of the
    /// path. Inverse non-zero entries cannot be expressed that way; they are left to
    /// ``applyClipMask(for:)``.
    func apply(clip: ClipNode?) {
        guard let cr = flushedContext(), appliedClip !== clip || !clipIsKnown else { return }
        cairo_reset_clip(cr)
        if let clip {
            for node in clip.chain where !node.isMaskEntry {
                cairo_new_path(cr)
                if node.inverse {
                    cairo_identity_matrix(cr)
                    let big = bounds.insetBy(dx: -2, dy: -2)
                    cairo_rectangle(cr, Double(big.minX), Double(big.minY), Double(big.width), Double(big.height))
                }
                var matrix = node.matrix
                cairo_set_matrix(cr, &matrix)
                PathEmitter.emit(node.path, into: cr, appending: true)
                cairo_set_fill_rule(cr, node.style.isEOFilled || node.inverse ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                cairo_set_antialias(cr, node.style.isAntialiased ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
                cairo_clip(cr)
            }
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        }
        appliedClip = clip
        clipIsKnown = true
    }

    /// Multiplies the current group by the mask of `clip`'s inverse non-zero entries (`DEST_IN`).
    /// Call inside a group; the group's gstate absorbs the state changes.
    func applyClipMask(for clip: ClipNode) {
        guard let cr = flushedContext() else { return }
        var identity = cairo_matrix_t.identity
        cairo_set_matrix(cr, &identity)
        cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_paint(cr)
        for node in clip.chain where node.isMaskEntry {
            if let layer = node.layer {
                // Keep the mask where the layer is opaque (or, inverted, where it is transparent).
                cairo_set_matrix(cr, &identity)
                cairo_set_source(cr, layer.pattern)
                cairo_set_operator(cr, node.inverse ? CAIRO_OPERATOR_DEST_OUT : CAIRO_OPERATOR_DEST_IN)
                cairo_paint_with_alpha(cr, node.layerOpacity)
                continue
            }
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            var matrix = node.matrix
            cairo_set_matrix(cr, &matrix)
            PathEmitter.emit(node.path, into: cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_set_antialias(cr, node.style.isAntialiased ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
            cairo_fill(cr)
        }
        guard let mask = cairo_pop_group(cr) else { return }
        defer { cairo_pattern_destroy(mask) }
        cairo_set_matrix(cr, &identity)
        cairo_set_source(cr, mask)
        cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
        cairo_paint(cr)
    }
}
