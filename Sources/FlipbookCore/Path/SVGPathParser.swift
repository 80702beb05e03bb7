import Foundation

extension Path {
    /// A path from SVG path data (the `d` attribute of an SVG `<path>`), or `nil` when the data is
    /// malformed. See ``init(svgPathData:)`` for the grammar and for an error that says what is wrong.
    ///
    /// ```swift
    /// let heart = Path(svgPath: "M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 …z")
    /// ```
    public init?(svgPath: String) {
        guard let path = try? Path(svgPathData: svgPath) else { return nil }
        self = path
    }

    /// A path from SVG path data, throwing a ``FlipbookError`` (kind `.malformedInput`) that names
    /// the offending character offset, what was found and what was expected.
    ///
    /// The full SVG 1.1 path grammar is accepted: `M L H V C S Q T A Z`, upper case absolute and
    /// lower case relative; repeated argument groups without repeating the letter (after a moveto
    /// they are linetos); numbers such as `1.5.5` (two numbers), `-1-2`, `1e-3`; commas and
    /// whitespace as separators; arc flags packed without separators (`a1 1 0 00 1 1`). Arcs become
    /// cubic Béziers by the SVG specification's endpoint-to-center conversion, with radii scaled up
    /// when too small and a zero radius giving a straight line. `S` and `T` reflect the previous
    /// control point only when the previous command was `C`/`S` (respectively `Q`/`T`).
    /// A number that does not fit in a `Double` (such as `1e999`) is an error, and so is a point that
    /// does not once relative coordinates are added up (`M1e308 0 l1e308 0`): the path is always finite.
    public init(svgPathData: String) throws {
        var parser = SVGPathParser(svgPathData)
        self = try parser.parse()
    }
}

/// A recursive-descent reader for SVG path data; positions are offsets in Unicode scalars.
private struct SVGPathParser {
    private let source: String
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var path = Path()

    // Pen state, as the SVG specification defines it.
    private var current = CGPoint.zero
    private var subpathStart = CGPoint.zero
    /// The second control point of the previous C/S, for S's reflection.
    private var lastCubicControl: CGPoint?
    /// The control point of the previous Q/T, for T's reflection.
    private var lastQuadControl: CGPoint?

    init(_ source: String) {
        self.source = source
        self.scalars = Array(source.unicodeScalars)
    }

    mutating func parse() throws -> Path {
        skipWhitespace()
        if index == scalars.count { return path }
        guard let first = peek, first == "M" || first == "m" else {
            throw error(expected: "a moveto command ('M' or 'm') to begin the path")
        }
        while true {
            skipWhitespace()
            guard let letter = peek else { break }
            guard let command = SVGCommand(letter) else {
                throw error(expected: "a path command (one of M L H V C S Q T A Z, or lower case)")
            }
            index += 1
            try run(command, relative: letter.properties.isLowercase)
        }
        return path
    }

    // MARK: Commands

    private mutating func run(_ command: SVGCommand, relative: Bool) throws {
        if command == .close {
            path.closeSubpath()
            current = subpathStart
            lastCubicControl = nil
            lastQuadControl = nil
            return
        }
        var command = command
        var firstGroup = true
        repeat {
            if !firstGroup { skipCommaWhitespace() }
            skipWhitespace()
            let groupOffset = index
            let elementCount = path.elements.count
            let origin = relative ? current : .zero
            func point(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
                CGPoint(x: origin.x + x, y: origin.y + y)
            }
            var cubicControl: CGPoint?
            var quadControl: CGPoint?
            switch command {
            case .move:
                let p = point(try number(), try number(followingComma: true))
                path.move(to: p)
                current = p
                subpathStart = p
                // Further pairs after a moveto are implicit linetos (relative if the moveto was).
                command = .line
            case .line:
                let p = point(try number(), try number(followingComma: true))
                path.addLine(to: p)
                current = p
            case .horizontal:
                let x = try number()
                let p = CGPoint(x: relative ? current.x + x : x, y: current.y)
                path.addLine(to: p)
                current = p
            case .vertical:
                let y = try number()
                let p = CGPoint(x: current.x, y: relative ? current.y + y : y)
                path.addLine(to: p)
                current = p
            case .cubic:
                let c1 = point(try number(), try number(followingComma: true))
                let c2 = point(try number(followingComma: true), try number(followingComma: true))
                let p = point(try number(followingComma: true), try number(followingComma: true))
                path.addCurve(to: p, control1: c1, control2: c2)
                cubicControl = c2
                current = p
            case .smoothCubic:
                let c1 = reflected(lastCubicControl)
                let c2 = point(try number(), try number(followingComma: true))
                let p = point(try number(followingComma: true), try number(followingComma: true))
                path.addCurve(to: p, control1: c1, control2: c2)
                cubicControl = c2
                current = p
            case .quad:
                let c = point(try number(), try number(followingComma: true))
                let p = point(try number(followingComma: true), try number(followingComma: true))
                path.addQuadCurve(to: p, control: c)
                quadControl = c
                current = p
            case .smoothQuad:
                let c = reflected(lastQuadControl)
                let p = point(try number(), try number(followingComma: true))
                path.addQuadCurve(to: p, control: c)
                quadControl = c
                current = p
            case .arc:
                let rx = try number()
                let ry = try number(followingComma: true)
                let rotation = try number(followingComma: true)
                let largeArc = try flag()
                let sweep = try flag()
                let p = point(try number(followingComma: true), try number(followingComma: true))
                appendArc(to: p, rx: rx, ry: ry, rotationDegrees: rotation, largeArc: largeArc, sweep: sweep)
                current = p
            case .close:
                break
            }
            // Every number fits in a Double, but relative coordinates and reflected control points
            // add them up, and arcs multiply them: a sum beyond ±1.8e308 would put an infinity (or
            // NaN) in the path, which nothing can draw.
            if path.elements[elementCount...].contains(where: { !$0.isFinite }) {
                throw FlipbookError.invalidInput(
                    "SVG path data: the point at offset \(groupOffset) is beyond the range of a Double (±1.8e308) "
                        + "once added to the current point, in \(SVGPathParser.quote(source, around: groupOffset))")
            }
            lastCubicControl = cubicControl
            lastQuadControl = quadControl
            firstGroup = false
        } while startsArgumentAfterSeparator()
    }

    /// The previous control point mirrored through the current point, or the current point itself.
    private func reflected(_ control: CGPoint?) -> CGPoint {
        guard let control else { return current }
        return CGPoint(x: 2 * current.x - control.x, y: 2 * current.y - control.y)
    }

    /// SVG's endpoint arc, converted to center form (SVG 1.1, appendix F.6.5 and F.6.6).
    private mutating func appendArc(
        to end: CGPoint, rx: CGFloat, ry: CGFloat, rotationDegrees: CGFloat, largeArc: Bool, sweep: Bool
    ) {
        let start = current
        if start == end { return }  // F.6.2: identical end points omit the arc.
        var rx = abs(Double(rx)), ry = abs(Double(ry))
        if rx == 0 || ry == 0 {
            path.addLine(to: end)
            return
        }
        let phi = Double(rotationDegrees) * .pi / 180
        let (sinPhi, cosPhi) = (sin(phi), cos(phi))
        // Step 1: the midpoint difference in the ellipse's own axes.
        let dx = Double(start.x - end.x) / 2, dy = Double(start.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        // Radii too small to reach: scale them up uniformly until the ellipse just fits (F.6.6).
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let scale = lambda.squareRoot()
            rx *= scale
            ry *= scale
        }
        // Step 2: the center in the ellipse's axes.
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coefficient = (max(numerator, 0) / denominator).squareRoot()
        if largeArc == sweep { coefficient = -coefficient }
        let cxPrime = coefficient * rx * y1 / ry
        let cyPrime = -coefficient * ry * x1 / rx
        // Step 3: the center in user space.
        let cx = cosPhi * cxPrime - sinPhi * cyPrime + Double(start.x + end.x) / 2
        let cy = sinPhi * cxPrime + cosPhi * cyPrime + Double(start.y + end.y) / 2
        // Step 4: start angle and sweep on the unit circle.
        let ux = (x1 - cxPrime) / rx, uy = (y1 - cyPrime) / ry
        let vx = (-x1 - cxPrime) / rx, vy = (-y1 - cyPrime) / ry
        let theta1 = atan2(uy, ux)
        var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        // Map the unit circle onto the tilted ellipse; positive sweep runs toward increasing angles,
        // which SVG (y down) calls the positive-angle direction.
        let mapping = CGAffineTransform(
            a: CGFloat(rx * cosPhi), b: CGFloat(rx * sinPhi),
            c: CGFloat(-ry * sinPhi), d: CGFloat(ry * cosPhi),
            tx: CGFloat(cx), ty: CGFloat(cy))
        path.appendUnitArc(start: theta1, sweep: delta, mapping: mapping, connect: false)
        // Land exactly on the requested end point despite rounding in the conversion.
        path.replaceLastEndPoint(with: end)
    }

    // MARK: Tokens

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    private mutating func skipWhitespace() {
        while let c = peek, SVGPathParser.isWhitespace(c) { index += 1 }
    }

    /// Skips `wsp* (',' wsp*)?`.
    private mutating func skipCommaWhitespace() {
        skipWhitespace()
        if peek == "," {
            index += 1
            skipWhitespace()
        }
    }

    /// Whether another argument group follows (after an optional separator), in which case the
    /// command repeats. A comma promises one, so a comma followed by anything else is an error later.
    private mutating func startsArgumentAfterSeparator() -> Bool {
        skipWhitespace()
        guard let c = peek else { return false }
        return c == "," || c == "+" || c == "-" || c == "." || SVGPathParser.isDigit(c)
    }

    /// Reads one number, after an optional comma-whitespace separator when `followingComma`.
    private mutating func number(followingComma: Bool = false) throws -> CGFloat {
        if followingComma { skipCommaWhitespace() } else { skipWhitespace() }
        let begin = index
        if peek == "+" || peek == "-" { index += 1 }
        var digits = 0
        while let c = peek, SVGPathParser.isDigit(c) { index += 1; digits += 1 }
        if peek == "." {
            index += 1
            while let c = peek, SVGPathParser.isDigit(c) { index += 1; digits += 1 }
        }
        guard digits > 0 else {
            index = begin
            throw error(expected: "a number")
        }
        if peek == "e" || peek == "E" {
            let exponentStart = index
            index += 1
            if peek == "+" || peek == "-" { index += 1 }
            var exponentDigits = 0
            while let c = peek, SVGPathParser.isDigit(c) { index += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else {
                index = exponentStart + 1
                if peek == "+" || peek == "-" { index += 1 }
                throw error(expected: "exponent digits")
            }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[begin..<index])
        guard let value = Double(text), value.isFinite else {
            throw FlipbookError.invalidInput(
                "SVG path data: the number '\(text)' at offset \(begin) is too large to represent "
                    + "in \(SVGPathParser.quote(source, around: begin))")
        }
        return CGFloat(value)
    }

    /// Reads an arc flag: a single `0` or `1`, which needs no separator after it.
    private mutating func flag() throws -> Bool {
        skipCommaWhitespace()
        switch peek {
        case "0": index += 1; return false
        case "1": index += 1; return true
        default: throw error(expected: "an arc flag ('0' or '1')")
        }
    }

    // MARK: Errors

    private func error(expected: String) -> FlipbookError {
        let found: String
        if let c = peek {
            found = SVGPathParser.isWhitespace(c) ? "whitespace" : "'\(Character(c))'"
        } else {
            found = "the end of the data"
        }
        return FlipbookError.invalidInput(
            "SVG path data: expected \(expected) at offset \(index) (found \(found)) in "
                + SVGPathParser.quote(source, around: index))
    }

    /// The data in quotes, or a window of it around `offset` when it is long.
    private static func quote(_ source: String, around offset: Int) -> String {
        let scalars = Array(source.unicodeScalars)
        guard scalars.count > 80 else { return "\"\(source)\"" }
        let low = max(0, offset - 35), high = min(scalars.count, offset + 35)
        var excerpt = ""
        excerpt.unicodeScalars.append(contentsOf: scalars[low..<high])
        return (low > 0 ? "…\"" : "\"") + excerpt + (high < scalars.count ? "\"…" : "\"")
    }
}

private enum SVGCommand {
    case move, line, horizontal, vertical, cubic, smoothCubic, quad, smoothQuad, arc, close

    init?(_ letter: Unicode.Scalar) {
        switch letter {
        case "M", "m": self = .move
        case "L", "l": self = .line
        case "H", "h": self = .horizontal
        case "V", "v": self = .vertical
        case "C", "c": self = .cubic
        case "S", "s": self = .smoothCubic
        case "Q", "q": self = .quad
        case "T", "t": self = .smoothQuad
        case "A", "a": self = .arc
        case "Z", "z": self = .close
        default: return nil
        }
    }
}
