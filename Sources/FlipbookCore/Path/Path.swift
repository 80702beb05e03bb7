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
    package private(set) var elements: [Element]

    // The start of the current subpath and the current point, cached so builders are O(1).
    private var subpathStart: CGPoint?
    private var lastPoint: CGPoint?
    // True when the current subpath was closed, so the next segment must begin a new one.
    private var lastWasClose = false

    /// An empty path.
    public init() {
        elements = []
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
        elements.reserveCapacity(elements.count + count)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The point the next segment starts from, or `nil` for an empty path.
    ///
    /// After ``closeSubpath()`` this is the start of the subpath just closed.
    public var currentPoint: CGPoint? { lastPoint }

    /// Calls `body` with each element of the path, in order.
    public func forEach(_ body: (Element) -> Void) {
        for element in elements { body(element) }
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
        switch element {
        case .move(let point):
            // Consecutive moves collapse into the last one, as in Core Graphics.
            if case .move = elements.last {
                elements[elements.count - 1] = element
            } else {
                elements.append(element)
            }
            subpathStart = point
            lastPoint = point
            lastWasClose = false
        case .line(let to), .quadCurve(let to, _), .curve(let to, _, _):
            guard let start = subpathStart else { return }
            if lastWasClose {
                elements.append(.move(to: start))
                lastWasClose = false
            }
            elements.append(element)
            lastPoint = to
        case .closeSubpath:
            guard let start = subpathStart, !lastWasClose else { return }
            elements.append(.closeSubpath)
            lastPoint = start
            lastWasClose = true
        }
    }
}

extension Path {
    /// Moves the end point of the last segment to `point`, so a computed curve (an SVG arc) ends
    /// exactly where its data says rather than a rounding error away.
    package mutating func replaceLastEndPoint(with point: CGPoint) {
        guard let last = elements.last else { return }
        switch last {
        case .move: elements[elements.count - 1] = .move(to: point); subpathStart = point
        case .line: elements[elements.count - 1] = .line(to: point)
        case .quadCurve(_, let c): elements[elements.count - 1] = .quadCurve(to: point, control: c)
        case .curve(_, let c1, let c2):
            elements[elements.count - 1] = .curve(to: point, control1: c1, control2: c2)
        case .closeSubpath: return
        }
        lastPoint = point
    }
}
