import Foundation

// Shape initializers and the incremental builders, with SwiftUI's signatures. Shapes wind
// clockwise on screen (y down), starting where Core Graphics starts them, so fills, trims and
// dashes line up with SwiftUI's.
extension Path {
    /// A rectangle: top-left → top-right → bottom-right → bottom-left, closed.
    public init(_ rect: CGRect) {
        self.init(standardizedRectangle: rect.standardized)
    }

    /// An ellipse inscribed in `rect`, starting at the right-middle point and running clockwise on screen.
    public init(ellipseIn rect: CGRect) {
        self.init(ellipseIn: rect, keptAlone: ())
    }

    /// A rectangle with circular corners of radius `cornerRadius` (clamped to half of each side).
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        reserveCapacity(10)
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle with elliptical corners of the given radii (each clamped to half of its side).
    public init(roundedRect rect: CGRect, cornerSize: CGSize) {
        self.init()
        reserveCapacity(10)
        addRoundedRect(in: rect, cornerSize: cornerSize)
    }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: CGPoint) {
        append(.move(to: point))
    }

    /// Adds a straight line from the current point to `point`. Ignored when the path has no current point.
    public mutating func addLine(to point: CGPoint) {
        append(.line(to: point))
    }

    /// Starts a subpath at the first point and adds lines through the rest. An empty array adds nothing.
    public mutating func addLines(_ lines: [CGPoint]) {
        guard let first = lines.first else { return }
        move(to: first)
        for point in lines.dropFirst() { addLine(to: point) }
    }

    /// Adds a quadratic Bézier curve from the current point to `end`.
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {
        append(.quadCurve(to: end, control: control))
    }

    /// Adds a cubic Bézier curve from the current point to `end`.
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        append(.curve(to: end, control1: control1, control2: control2))
    }

    /// Closes the current subpath with a straight line back to its start.
    public mutating func closeSubpath() {
        append(.closeSubpath)
    }

    /// Adds `rect` as a closed subpath: top-left → top-right → bottom-right → bottom-left.
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let (a, b, c, d) = Path.rectangleCorners(rect.standardized, transform)
        move(to: a)
        addLine(to: b)
        addLine(to: c)
        addLine(to: d)
        closeSubpath()
    }

    /// Adds each rectangle as its own closed subpath.
    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// Adds an ellipse inscribed in `rect` as a closed subpath of four cubic curves, starting at the
    /// right-middle point and running clockwise on screen (right → bottom → left → top).
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let e = Path.ellipsePoints(in: rect, transform)
        for index in 0..<EllipsePoints.elementCount { append(e.element(index)) }
    }

    /// Adds a rounded rectangle as a closed subpath, clockwise on screen from the end of the top-left
    /// corner. Corner radii are clamped to half the width and half the height; a zero radius gives
    /// a plain rectangle.
    public mutating func addRoundedRect(
        in rect: CGRect, cornerSize: CGSize, transform: CGAffineTransform = .identity
    ) {
        let r = rect.standardized
        let rx = min(max(cornerSize.width, 0), r.width / 2)
        let ry = min(max(cornerSize.height, 0), r.height / 2)
        guard rx > 0, ry > 0 else {
            addRect(r, transform: transform)
            return
        }
        let k = PathArcMath.quarterKappa
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y).applying(transform) }
        let (x0, x1, y0, y1) = (r.minX, r.maxX, r.minY, r.maxY)
        move(to: p(x0 + rx, y0))
        addLine(to: p(x1 - rx, y0))
        addCurve(to: p(x1, y0 + ry), control1: p(x1 - rx + k * rx, y0), control2: p(x1, y0 + ry - k * ry))
        addLine(to: p(x1, y1 - ry))
        addCurve(to: p(x1 - rx, y1), control1: p(x1, y1 - ry + k * ry), control2: p(x1 - rx + k * rx, y1))
        addLine(to: p(x0 + rx, y1))
        addCurve(to: p(x0, y1 - ry), control1: p(x0 + rx - k * rx, y1), control2: p(x0, y1 - ry + k * ry))
        addLine(to: p(x0, y0 + ry))
        addCurve(to: p(x0 + rx, y0), control1: p(x0, y0 + ry - k * ry), control2: p(x0 + rx - k * rx, y0))
        closeSubpath()
    }

    /// Appends all of `path`'s elements, each point mapped by `transform`.
    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        for element in path.elements { append(element.applying(transform)) }
    }
}

extension Path.Element {
    /// The element with every point mapped by `t`.
    package func applying(_ t: CGAffineTransform) -> Path.Element {
        if t.isIdentity { return self }
        switch self {
        case .move(let p): return .move(to: p.applying(t))
        case .line(let p): return .line(to: p.applying(t))
        case .quadCurve(let p, let c): return .quadCurve(to: p.applying(t), control: c.applying(t))
        case .curve(let p, let c1, let c2):
            return .curve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
        case .closeSubpath: return .closeSubpath
        }
    }
}
