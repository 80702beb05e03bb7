import Foundation

// SwiftUI's `Canvas` view, which code copied from an app wraps its drawing closure in. Flipbook has no
// views: the same closure runs in a bitmap's or a scene's drawing call.

/// Unavailable: run the drawing closure with `Bitmap.draw` or a `Scene`.
@available(*, unavailable, message: "Flipbook has no views: run the closure with bitmap.draw { context, size in … } for a still, or in a Scene's draw(in:size:time:) for a clip")
public struct Canvas {
    /// Unavailable: run the drawing closure with `Bitmap.draw` or a `Scene`.
    public init(opaque: Bool = false, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {}

    /// Unavailable: give the symbols by id to `Bitmap.draw(symbols:)`.
    @available(*, unavailable, message: "Flipbook has no views: give the symbols by id to the drawing call, bitmap.draw(symbols: [0: .image(Image(systemName: \"star.fill\"))]) { context, size in … }, and resolve them with context.resolveSymbol(id:)")
    public init<Symbols>(opaque: Bool = false, rendersAsynchronously: Bool = false,
                         renderer: @escaping (inout GraphicsContext, CGSize) -> Void,
                         symbols: () -> Symbols) {}
}

/// Unavailable: an effect's transform is drawn with a projection filter.
@available(*, unavailable, message: "Flipbook has no views: compute the effect's ProjectionTransform and draw through it with context.addFilter(.projectionTransform(transform))")
public protocol GeometryEffect {}
