import Foundation

/// A 2D outline made of lines and Bézier curves, with SwiftUI's `Path` API.
///
/// A path is a value: a list of ``Element``s grouped into subpaths, each starting with a
/// ``Element/move(to:)``. Coordinates are in points with y growing downward, as in SwiftUI.
///
/// Builders never throw, as in SwiftUI. A path built from NaN or infinite coordinates is kept as
/// given; check ``isFinite`` before drawing it (the canvas skips such paths and reports them).
public struct Path: Equatable, Sendable {
    /// One drawing command of a path, with SwiftUI's cases.
    public enum Element: Equatable, Sendable {
        /// Starts a new subpath at the point.
        case move(to: CGPoint)
        /// A straight line from the current point to the point.
        case line(to: CGPoint)
        /// A quadratic Bézier curve from the current point.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve from the current point.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// A straight line back to the start of the current subpath, closing it.
        case closeSubpath
    }

    /// The path's elements, in order. Readable inside the package so the canvas can replay them.
    package var elements: [Element] {
        switch shape {
        case .rectangle(let r): return Path.elements(ofRectangle: r)
        case .ellipse(let r):
            let e = Path.ellipsePoints(in: r, .identity)
            return (0..<EllipsePoints.elementCount).map(e.element)
        case nil: return storedElements
        }
    }

    /// A shape a path holds without elements, while it is exactly what its initializer built (not
    /// named `Shape`, which inside `Path` would hide the public `Shape` protocol).
    @usableFromInline
    enum KeptShape: Equatable, Sendable {
        /// `Path(_ rect:)`'s standardized rectangle.
        case rectangle(CGRect)
        /// `Path(ellipseIn:)`'s rectangle, as given.
        case ellipse(CGRect)
    }

    /// The elements, except while the path is the one rectangle `Path(_:)` or the one ellipse
    /// `Path(ellipseIn:)` built: then ``shape`` holds it and this stays empty, so the commonest shapes
    /// (one per confetti particle or ripple ring per frame) need no heap buffer. The first change
    /// turns the shape into elements.
    private var storedElements: [Element]
    @usableFromInline
    private(set) var shape: KeptShape?

    // Inlinable: the canvas asks for every fill, from another module, and as calls they cost about
    // 5 % of the rectangles' frame (3.50 against 3.34 ms).

    /// The standardized rectangle of a path made by `Path(_ rect:)` and not changed since.
    @inlinable
    package var rectangle: CGRect? {
        if case .rectangle(let r) = shape { return r }
        return nil
    }

    /// The rectangle of a path made by `Path(ellipseIn:)` and not changed since.
    @inlinable
    package var ellipse: CGRect? {
        if case .ellipse(let r) = shape { return r }
        return nil
    }

    // The start of the current subpath and the current point, cached so builders are O(1).
    private var subpathStart: CGPoint?
    private var lastPoint: CGPoint?
    // True when the current subpath was closed, so the next segment must begin a new one.
    private var lastWasClose = false

    /// An empty path.
    public init() {
        storedElements = []
    }

    /// The path of `Path(_ rect:)`: the elements ``addRect(_:transform:)`` adds to an empty path, and
    /// the same current-point bookkeeping, kept as the rectangle alone.
    init(standardizedRectangle r: CGRect) {
        storedElements = []
        shape = .rectangle(r)
        // The first of rectangleCorners(r, .identity): a standardized rectangle's origin is its top-left
        // corner. Only it is needed, and this runs once per confetti particle per frame.
        let start = r.origin.applying(.identity)
        subpathStart = start
        lastPoint = start
        lastWasClose = true
    }

    /// The path of `Path(ellipseIn:)`: the elements ``addEllipse(in:transform:)`` adds to an empty
    /// path, and the same current-point bookkeeping, kept as the rectangle alone.
    init(ellipseIn rect: CGRect, keptAlone: Void) {
        storedElements = []
        shape = .ellipse(rect)
        let start = Path.ellipsePoints(in: rect, .identity).start
        subpathStart = start
        lastPoint = start
        lastWasClose = true
    }

    /// The corners of a standardized rectangle in drawing order (top-left, top-right, bottom-right,
    /// bottom-left), through `transform`.
    package static func rectangleCorners(_ r: CGRect, _ transform: CGAffineTransform)
        -> (CGPoint, CGPoint, CGPoint, CGPoint) {
        (CGPoint(x: r.minX, y: r.minY).applying(transform), CGPoint(x: r.maxX, y: r.minY).applying(transform),
         CGPoint(x: r.maxX, y: r.maxY).applying(transform), CGPoint(x: r.minX, y: r.maxY).applying(transform))
    }

    static func elements(ofRectangle r: CGRect) -> [Element] {
        let (a, b, c, d) = rectangleCorners(r, .identity)
        return [.move(to: a), .line(to: b), .line(to: c), .line(to: d), .closeSubpath]
    }

    /// The points of the ellipse inscribed in `rect` as four cubic curves, through `transform`: it
    /// starts at the right-middle point and runs clockwise on screen (right → bottom → left → top),
    /// each curve's end point followed by its two control points.
    package static func ellipsePoints(in rect: CGRect, _ transform: CGAffineTransform) -> EllipsePoints {
        let r = rect.standardized
        let rx = r.width / 2, ry = r.height / 2
        let cx = r.midX, cy = r.midY
        // Control-point distance for a quarter circle: 4/3 · tan(π/8).
        let k = PathArcMath.quarterKappa
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y).applying(transform) }
        return EllipsePoints(
            start: p(cx + rx, cy),
            bottom: p(cx, cy + ry), c1: p(cx + rx, cy + k * ry), c2: p(cx + k * rx, cy + ry),
            left: p(cx - rx, cy), c3: p(cx - k * rx, cy + ry), c4: p(cx - rx, cy + k * ry),
            top: p(cx, cy - ry), c5: p(cx - rx, cy - k * ry), c6: p(cx - k * rx, cy - ry),
            end: p(cx + rx, cy), c7: p(cx + k * rx, cy - ry), c8: p(cx + rx, cy - k * ry))
    }

    /// ``ellipsePoints(in:_:)``'s points: the start, then each curve's end and control points.
    package struct EllipsePoints {
        package var start: CGPoint
        package var bottom, c1, c2: CGPoint
        package var left, c3, c4: CGPoint
        package var top, c5, c6: CGPoint
        package var end, c7, c8: CGPoint

        package init(start: CGPoint, bottom: CGPoint, c1: CGPoint, c2: CGPoint, left: CGPoint, c3: CGPoint,
                     c4: CGPoint, top: CGPoint, c5: CGPoint, c6: CGPoint, end: CGPoint, c7: CGPoint, c8: CGPoint) {
            self.start = start
            self.bottom = bottom; self.c1 = c1; self.c2 = c2
            self.left = left; self.c3 = c3; self.c4 = c4
            self.top = top; self.c5 = c5; self.c6 = c6
            self.end = end; self.c7 = c7; self.c8 = c8
        }

        /// How many elements the ellipse has: a move, four curves and the close.
        package static let elementCount = 6

        /// Element `index` of the ellipse, `0..<elementCount`, in drawing order: read one at a time,
        /// they need neither an array nor a closure.
        package func element(_ index: Int) -> Element {
            switch index {
            case 0: .move(to: start)
            case 1: .curve(to: bottom, control1: c1, control2: c2)
            case 2: .curve(to: left, control1: c3, control2: c4)
            case 3: .curve(to: top, control1: c5, control2: c6)
            case 4: .curve(to: end, control1: c7, control2: c8)
            default: .closeSubpath
            }
        }
    }

    /// Turns a shape kept alone into elements, before a change.
    private mutating func materialize() {
        guard shape != nil else { return }
        storedElements = elements
        shape = nil
    }

    /// A path built by a closure that adds to an empty path.
    ///
    /// ```swift
    /// let triangle = Path { p in
    ///     p.move(to: CGPoint(x: 0, y: 10))
    ///     p.addLines([CGPoint(x: 10, y: 10), CGPoint(x: 5, y: 0)])
    ///     p.closeSubpath()
    /// }
    /// ```
    public init(_ build: (inout Path) -> Void) {
        self.init()
        build(&self)
    }

    /// A path from a list of elements, used by transforms and the SVG parser.
    package init(elements: [Element]) {
        self.init()
        for element in elements { append(element) }
    }

    /// Makes room for `count` more elements up front. Shape initializers know their element count, and
    /// one allocation instead of growing through 1, 2, 4 and 8 elements roughly halves the cost of
    /// `Path(rect)`, which confetti builds once per particle per frame.
    mutating func reserveCapacity(_ count: Int) {
        materialize()
        storedElements.reserveCapacity(storedElements.count + count)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { shape == nil && storedElements.isEmpty }

    /// The point the next segment starts from, or `nil` for an empty path.
    ///
    /// After ``closeSubpath()`` this is the start of the subpath just closed.
    public var currentPoint: CGPoint? { lastPoint }

    /// Calls `body` with each element of the path, in order.
    public func forEach(_ body: (Element) -> Void) {
        switch shape {
        case .rectangle(let r):
            let (a, b, c, d) = Path.rectangleCorners(r, .identity)
            body(.move(to: a))
            body(.line(to: b))
            body(.line(to: c))
            body(.line(to: d))
            body(.closeSubpath)
        case .ellipse(let r):
            let e = Path.ellipsePoints(in: r, .identity)
            for index in 0..<EllipsePoints.elementCount { body(e.element(index)) }
        case nil:
            for element in storedElements { body(element) }
        }
    }

    /// Two paths are equal when their elements are equal.
    public static func == (lhs: Path, rhs: Path) -> Bool {
        lhs.elements == rhs.elements
    }

    /// Appends one element, keeping the current-point bookkeeping in step.
    ///
    /// A segment with no current point is dropped, as Core Graphics does (it has nowhere to start).
    /// A segment after ``closeSubpath()`` starts a new subpath at the closed subpath's start, so an
    /// explicit move is recorded for it; every subpath in ``elements`` therefore begins with a move.
    package mutating func append(_ element: Element) {
        materialize()
        switch element {
        case .move(let point):
            // Consecutive moves collapse into the last one, as in Core Graphics.
            if case .move = storedElements.last {
                storedElements[storedElements.count - 1] = element
            } else {
                storedElements.append(element)
            }
            subpathStart = point
            lastPoint = point
            lastWasClose = false
        case .line(let to), .quadCurve(let to, _), .curve(let to, _, _):
            guard let start = subpathStart else { return }
            if lastWasClose {
                storedElements.append(.move(to: start))
                lastWasClose = false
            }
            storedElements.append(element)
            lastPoint = to
        case .closeSubpath:
            guard let start = subpathStart, !lastWasClose else { return }
            storedElements.append(.closeSubpath)
            lastPoint = start
            lastWasClose = true
        }
    }
}

extension Path {
    /// Moves the end point of the last segment to `point`, so a computed curve (an SVG arc) ends
    /// exactly where its data says rather than a rounding error away.
    package mutating func replaceLastEndPoint(with point: CGPoint) {
        materialize()
        guard let last = storedElements.last else { return }
        let index = storedElements.count - 1
        switch last {
        case .move: storedElements[index] = .move(to: point); subpathStart = point
        case .line: storedElements[index] = .line(to: point)
        case .quadCurve(_, let c): storedElements[index] = .quadCurve(to: point, control: c)
        case .curve(_, let c1, let c2):
            storedElements[index] = .curve(to: point, control1: c1, control2: c2)
        case .closeSubpath: return
        }
        lastPoint = point
    }
}
