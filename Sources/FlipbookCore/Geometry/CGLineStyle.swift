import Foundation

#if !canImport(CoreGraphics)
/// How the ends of a stroked open subpath are drawn, with Core Graphics' names and raw values.
public enum CGLineCap: Int32, Hashable, Sendable, Codable {
    /// The stroke ends exactly at the endpoint.
    case butt = 0
    /// A half-circle of diameter `lineWidth` caps the endpoint.
    case round = 1
    /// The stroke extends past the endpoint by half the line width.
    case square = 2
}

/// How the corners between stroked segments are drawn, with Core Graphics' names and raw values.
public enum CGLineJoin: Int32, Hashable, Sendable, Codable {
    /// Outer edges extended to a point, limited by the miter limit (then bevelled).
    case miter = 0
    /// A circular arc around the corner.
    case round = 1
    /// The corner is cut off by a straight line.
    case bevel = 2
}
#endif
