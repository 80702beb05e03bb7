import FlipbookCore
import Foundation

// The geometry and path tests compare within rounding: curves and transforms add numbers in
// different orders than the expectations do.

/// Whether `a` and `b` are within `tolerance`.
func near(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-6) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether both coordinates are within `tolerance`.
func near(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
    near(a.x, b.x, tolerance) && near(a.y, b.y, tolerance)
}

/// Whether every edge is within `tolerance`.
func near(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-6) -> Bool {
    near(a.minX, b.minX, tolerance) && near(a.minY, b.minY, tolerance)
        && near(a.maxX, b.maxX, tolerance) && near(a.maxY, b.maxY, tolerance)
}

/// The elements `forEach` visits, in order: the public view of a path.
func elements(_ path: Path) -> [Path.Element] {
    var result: [Path.Element] = []
    path.forEach { result.append($0) }
    return result
}
