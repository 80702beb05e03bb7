import Foundation

extension Path: CustomStringConvertible {
    /// The path in SwiftUI's textual form: PostScript-style operands then operator, e.g.
    /// `"0 0 m 10 0 l 10 10 l h"` (`m` move, `l` line, `q` quadratic, `c` cubic, `h` close).
    public var description: String {
        var words: [String] = []
        for element in elements {
            for point in element.points {
                words.append(Path.format(point.x))
                words.append(Path.format(point.y))
            }
            switch element {
            case .move: words.append("m")
            case .line: words.append("l")
            case .quadCurve: words.append("q")
            case .curve: words.append("c")
            case .closeSubpath: words.append("h")
            }
        }
        return words.joined(separator: " ")
    }

    private static func format(_ value: CGFloat) -> String {
        let double = Double(value)
        if double == double.rounded(), abs(double) < 1e15 { return String(Int64(double)) }
        return String(double)
    }
}
