import CCairo
import Foundation

extension FlipbookError {
    /// A Cairo failure while doing `what`, carrying Cairo's own explanation.
    package static func cairo(_ status: cairo_status_t, while what: String) -> FlipbookError {
        FlipbookError(.internal, "\(what) failed: Cairo reports \"\(String(cString: cairo_status_to_string(status)))\".")
    }
}

extension cairo_matrix_t {
    /// The Cairo matrix for a Core Graphics transform (same mapping: x' = a·x + c·y + tx, y' = b·x + d·y + ty).
    init(_ t: CGAffineTransform) {
        self.init(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d), x0: Double(t.tx), y0: Double(t.ty))
    }

    static let identity = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
}

extension CGAffineTransform {
    /// The Core Graphics transform for a Cairo matrix (see ``cairo_matrix_t/init(_:)``).
    init(_ m: cairo_matrix_t) {
        self.init(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }
}

extension CGAffineTransform {
    /// Whether Cairo can use this matrix: entries within ±1e100 and a determinant far enough from zero,
    /// and from the entries' size, that the inverse's entries are within ±1e100 too. A transform that
    /// collapses space, or stretches it past that, draws nothing.
    ///
    /// Cairo inverts the matrix, and multiplies patterns' matrices by the inverse, without checking
    /// what comes out: a = 0.008, b = −8.7e307, d = 32 has a determinant of 0.25, but its inverse
    /// overflows, and painting an image under it failed an assertion inside Cairo
    /// (`_cairo_pattern_get_extents`), aborting the process (found by the FastFillVsCairo fuzzer).
    var isUsableByCairo: Bool {
        // In Double, whose `magnitude` is one instruction: with CGFloat's `abs` (generic code) this check,
        // made once per fill, cost 5 % of the rectangles' frame; this way about 2 % (3.41 against 3.35 ms).
        let a = Double(a).magnitude, b = Double(b).magnitude, c = Double(c).magnitude, d = Double(d).magnitude
        let det = (Double(self.a) * Double(self.d) - Double(self.b) * Double(self.c)).magnitude
        let limit = 1e100
        // `x <= limit` is false for NaN, so this also requires every entry to be finite. The inverse's
        // linear entries are the entries over the determinant.
        return a <= limit && b <= limit && c <= limit && d <= limit && Double(tx).magnitude <= limit
            && Double(ty).magnitude <= limit && det > 1e-12
            && a <= limit * det && b <= limit * det && c <= limit * det && d <= limit * det
    }
}

extension CGRect {
    /// The smallest rectangle with integer edges containing this one (empty stays empty).
    var pixelAligned: CGRect {
        guard !isNull, !isEmpty, minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return .zero }
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        return CGRect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
    }

    /// The intersection, or `.zero` when the rectangles do not overlap.
    func clamped(to other: CGRect) -> CGRect {
        let r = intersection(other)
        return r.isNull || r.isEmpty ? .zero : r
    }
}
