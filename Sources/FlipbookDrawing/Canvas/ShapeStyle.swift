import Foundation

/// A colour or pattern to paint a shape with, as SwiftUI's `ShapeStyle`: what
/// ``CairoCanvas/Shading/style(_:)`` accepts.
///
/// ``Color``, ``Color/Resolved``, ``Gradient``, ``CairoCanvas/Shading`` and ``ForegroundStyle``
/// conform.
public protocol ShapeStyle: Sendable {}

extension Color: ShapeStyle {}
extension Color.Resolved: ShapeStyle {}
extension Gradient: ShapeStyle {}
extension CairoCanvas.Shading: ShapeStyle {}

/// The drawing context's foreground style as a shape style, as SwiftUI's `ForegroundStyle`.
public struct ForegroundStyle: ShapeStyle, Hashable {
    /// The foreground style.
    public init() {}
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The drawing context's foreground style, as SwiftUI's `.foreground`.
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}
