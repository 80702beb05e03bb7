import Foundation

extension Path {
    /// The part of the path between two fractions of its total length, as SwiftUI's `trimmedPath`.
    ///
    /// Length runs along every subpath in order, including each closed subpath's closing line; moves
    /// add no length. Both fractions are clamped to `0...1`. `from >= to` gives an empty path and
    /// `0...1` gives the path itself. Curves are cut exactly (de Casteljau) at the parameter where
    /// the wanted length falls, so the result keeps its curves rather than becoming a polyline. A
    /// closed subpath that falls entirely inside the range stays closed.
    ///
    /// ```swift
    /// let halfCircle = Path(ellipseIn: rect).trimmedPath(from: 0, to: 0.5)
    /// ```
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        let start = from.isNaN ? 0 : min(max(from, 0), 1)
        let end = to.isNaN ? 0 : min(max(to, 0), 1)
        guard start < end else { return Path() }
        if start == 0, end == 1 { return self }

        let measured = subpaths.map { subpath in
            (subpath, subpath.segments.map { SegmentLengthTable($0) })
        }
        let total = measured.reduce(0) { sum, entry in sum + entry.1.reduce(0) { $0 + $1.length } }
        guard total > 0, total.isFinite else { return Path() }
        let lower = start * total, upper = end * total

        var result = Path()
        var position: CGFloat = 0
        for (subpath, tables) in measured {
            // Whether the pieces emitted so far form an unbroken run from this subpath's start.
            var continuous = false
            var wholeFromStart = false
            for (index, table) in tables.enumerated() {
                let segmentStart = position, segmentEnd = position + table.length
                position = segmentEnd
                let a = max(lower, segmentStart), b = min(upper, segmentEnd)
                guard a < b || (table.length == 0 && a == b && continuous) else {
                    continuous = false
                    continue
                }
                let t0 = table.parameter(atLength: a - segmentStart)
                let t1 = table.parameter(atLength: b - segmentStart)
                let piece = table.segment.subsegment(from: t0, to: t1)
                if !continuous {
                    result.move(to: piece.start)
                    wholeFromStart = index == 0 && t0 == 0
                }
                let isClosingLine = subpath.closed && index == tables.count - 1
                if isClosingLine && wholeFromStart && t1 == 1 {
                    result.closeSubpath()
                } else {
                    result.append(piece.element)
                }
                continuous = t1 == 1
            }
        }
        return result
    }
}

/// Arc length along one segment, sampled finely enough to map a length back to a parameter.
struct SegmentLengthTable {
    let segment: BezierSegment
    /// Cumulative lengths at parameters `i / (count - 1)`.
    private let cumulative: [CGFloat]

    init(_ segment: BezierSegment) {
        self.segment = segment
        // Lines are exact with two samples; curves get enough chords that the sum misses the true
        // length by well under a millionth for any reasonable curve.
        let steps = segment.degree == .line
            ? 1 : max(16, segment.flatteningSteps(tolerance: 0.0005))
        var lengths: [CGFloat] = [0]
        lengths.reserveCapacity(steps + 1)
        var previous = segment.start
        var sum: CGFloat = 0
        for index in 1...steps {
            let point = index == steps ? segment.end : segment.point(at: CGFloat(index) / CGFloat(steps))
            sum += hypot(point.x - previous.x, point.y - previous.y)
            lengths.append(sum)
            previous = point
        }
        cumulative = lengths
    }

    var length: CGFloat { cumulative[cumulative.count - 1] }

    /// The parameter at which the length from the segment's start reaches `length`.
    func parameter(atLength length: CGFloat) -> CGFloat {
        let total = self.length
        if length <= 0 || total == 0 { return 0 }
        if length >= total { return 1 }
        // Binary search for the sample interval, then interpolate within it.
        var low = 0, high = cumulative.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if cumulative[middle] < length { low = middle } else { high = middle }
        }
        let span = cumulative[high] - cumulative[low]
        let fraction = span > 0 ? (length - cumulative[low]) / span : 0
        return (CGFloat(low) + fraction) / CGFloat(cumulative.count - 1)
    }
}
