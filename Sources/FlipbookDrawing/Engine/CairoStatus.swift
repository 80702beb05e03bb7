import Foundation
import CCairo

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
    /// Whether Cairo can use this matrix: finite entries and a determinant far enough from zero that
    /// the inverse is finite. A transform that collapses space draws nothing.
    var isUsableByCairo: Bool {
        let det = a * d - b * c
        return isFinite && det.isFinite && abs(det) > 1e-12
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
