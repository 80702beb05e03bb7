import Foundation

extension Path.Element {
    /// Every point of the element, end point last.
    package var points: [CGPoint] {
        switch self {
        case .move(let p), .line(let p): return [p]
        case .quadCurve(let p, let c): return [c, p]
        case .curve(let p, let c1, let c2): return [c1, c2, p]
        case .closeSubpath: return []
        }
    }

    /// Whether every coordinate of the element is finite.
    public var isFinite: Bool {
        func finite(_ p: CGPoint) -> Bool { p.x.isFinite && p.y.isFinite }
        switch self {
        case .move(let p), .line(let p): return finite(p)
        case .quadCurve(let p, let c): return finite(c) && finite(p)
        case .curve(let p, let c1, let c2): return finite(c1) && finite(c2) && finite(p)
        case .closeSubpath: return true
        }
    }
}

extension Path {
    /// Whether every coordinate in the path is finite (no NaN, no infinity).
    ///
    /// Builders accept any value, as SwiftUI's do, so a path computed from a division by zero is
    /// still a path; drawing code checks this and skips (and reports) paths that are not finite
    /// instead of handing NaN to the rasterizer.
    public var isFinite: Bool {
        func finite(_ p: CGPoint) -> Bool { p.x.isFinite && p.y.isFinite }
        // A kept shape's points are read from its rectangle, without building its elements.
        if let r = rectangle {
            let (a, b, c, d) = Path.rectangleCorners(r, .identity)
            return finite(a) && finite(b) && finite(c) && finite(d)
        }
        if let r = ellipse {
            let e = Path.ellipsePoints(in: r, .identity)
            return finite(e.start) && finite(e.bottom) && finite(e.c1) && finite(e.c2) && finite(e.left)
                && finite(e.c3) && finite(e.c4) && finite(e.top) && finite(e.c5) && finite(e.c6) && finite(e.end)
                && finite(e.c7) && finite(e.c8)
        }
        return elements.allSatisfy(\.isFinite)
    }

    /// The first element with a NaN or infinite coordinate and its index in ``forEach(_:)`` order,
    /// or `nil` when the path is finite. Used to say *which* element is bad in a diagnostic.
    package func firstNonFiniteElement() -> (index: Int, element: Element)? {
        for (index, element) in elements.enumerated() where !element.isFinite {
            return (index, element)
        }
        return nil
    }
}
