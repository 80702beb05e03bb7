import Foundation

// SwiftUI's view modifiers on shapes, which code copied from a SwiftUI view tries. Flipbook has no
// views: a shape gives a path, and the context fills or strokes it. Declared unavailable so the
// compiler names what to write instead of "no member" or "no exact matches". Each unconstrained
// overload catches shape styles Flipbook lacks (gradients, materials); the `Color` one lets `.red`
// find its type, so the call reaches the message. Attributes take only literal messages, so
// overloads of one modifier repeat theirs.

extension Shape {
    /// Unavailable: fill the shape's path in a context.
    @available(*, unavailable, message: "Flipbook has no views: fill the shape's path in a GraphicsContext, e.g. context.fill(Circle().path(in: rect), with: .color(.red))")
    public func fill(_ color: Color, style: FillStyle = FillStyle()) -> Self { self }

    /// Unavailable: fill the shape's path in a context.
    @available(*, unavailable, message: "Flipbook has no views: fill the shape's path in a GraphicsContext, e.g. context.fill(Circle().path(in: rect), with: .color(.red))")
    public func fill<S>(_ content: S, style: FillStyle = FillStyle()) -> Self { self }

    /// Unavailable: fill the shape's path in a context.
    @available(*, unavailable, message: "Flipbook has no views: fill the shape's path in a GraphicsContext, e.g. context.fill(Circle().path(in: rect), with: .color(.red))")
    public func fill(style: FillStyle = FillStyle()) -> Self { self }

    /// Unavailable: stroke the shape's path in a context.
    @available(*, unavailable, message: "Flipbook has no views: stroke the shape's path in a GraphicsContext, e.g. context.stroke(Circle().path(in: rect), with: .color(.red), lineWidth: 2)")
    public func stroke(_ color: Color, lineWidth: CGFloat = 1) -> Self { self }

    /// Unavailable: stroke the shape's path in a context.
    @available(*, unavailable, message: "Flipbook has no views: stroke the shape's path in a GraphicsContext, e.g. context.stroke(Circle().path(in: rect), with: .color(.red), lineWidth: 2)")
    public func stroke<S>(_ content: S, lineWidth: CGFloat = 1) -> Self { self }

    /// Unavailable: stroke the shape's path in a context.
    @available(*, unavailable, message: "Flipbook has no views: stroke the shape's path in a GraphicsContext, e.g. context.stroke(Circle().path(in: rect), with: .color(.red), style: StrokeStyle(lineWidth: 2))")
    public func stroke(_ color: Color, style: StrokeStyle) -> Self { self }

    /// Unavailable: stroke the shape's path in a context.
    @available(*, unavailable, message: "Flipbook has no views: stroke the shape's path in a GraphicsContext, e.g. context.stroke(Circle().path(in: rect), with: .color(.red), style: StrokeStyle(lineWidth: 2))")
    public func stroke<S>(_ content: S, style: StrokeStyle) -> Self { self }

    /// Unavailable: stroke the shape's path in a context.
    @available(*, unavailable, message: "Flipbook has no views: stroke the shape's path in a GraphicsContext, e.g. context.stroke(Circle().path(in: rect), with: .color(.red), lineWidth: 2)")
    public func stroke(lineWidth: CGFloat = 1) -> Self { self }

    /// Unavailable: stroke the shape's path in a context.
    @available(*, unavailable, message: "Flipbook has no views: stroke the shape's path in a GraphicsContext, e.g. context.stroke(Circle().path(in: rect), with: .color(.red), style: StrokeStyle(lineWidth: 2))")
    public func stroke(style: StrokeStyle) -> Self { self }

    /// Unavailable: give the shape its rectangle in `path(in:)`.
    @available(*, unavailable, message: "Flipbook has no views or layout: give the shape its rectangle, e.g. Circle().path(in: CGRect(x: 0, y: 0, width: 100, height: 100))")
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil) -> Self { self }

    /// Unavailable: give the colour when drawing the shape's path.
    @available(*, unavailable, message: "Flipbook has no views: give the colour when drawing, e.g. context.fill(Circle().path(in: rect), with: .color(.red))")
    public func foregroundColor(_ color: Color?) -> Self { self }

    /// Unavailable: give the colour when drawing the shape's path.
    @available(*, unavailable, message: "Flipbook has no views: give the colour when drawing, e.g. context.fill(Circle().path(in: rect), with: .color(.red))")
    public func foregroundStyle(_ color: Color) -> Self { self }

    /// Unavailable: give the shading when drawing the shape's path.
    @available(*, unavailable, message: "Flipbook has no views: give the shading when drawing, e.g. context.fill(Circle().path(in: rect), with: .color(.red))")
    public func foregroundStyle<S>(_ style: S) -> Self { self }

    /// Unavailable: inset the shape or its rectangle.
    @available(*, unavailable, message: "Flipbook has no views or layout: inset the shape or its rectangle, e.g. Circle().inset(by: 8).path(in: rect) or rect.insetBy(dx: 8, dy: 8)")
    public func padding(_ length: CGFloat? = nil) -> Self { self }

    /// Unavailable: set the context's opacity or draw with a translucent colour.
    @available(*, unavailable, message: "Flipbook has no views: set context.opacity, or draw with a translucent colour, e.g. .color(.red.opacity(0.5))")
    public func opacity(_ opacity: Double) -> Self { self }

    /// Unavailable: add a shadow filter to the context.
    @available(*, unavailable, message: "Flipbook has no views: add a shadow filter to the context before drawing, e.g. context.addFilter(.shadow(color: .black, radius: 4))")
    public func shadow(color: Color = .black, radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> Self { self }

    /// Unavailable: turn the shape itself, or the context.
    @available(*, unavailable, message: "Flipbook has no views: turn the shape with Circle().rotation(.degrees(45)), or the context with context.rotate(by: .degrees(45))")
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> Self { self }

    /// Unavailable: tumble the context's drawing with a projection filter.
    @available(*, unavailable, message: "Flipbook has no views: tumble the drawing with context.addFilter(.projectionTransform(ProjectionTransform(CATransform3DMakeRotation(angle.radians, 1, 0, 0)))) before drawing the shape")
    public func rotation3DEffect(_ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center,
                                 anchorZ: CGFloat = 0, perspective: CGFloat = 1) -> Self { self }

    /// Unavailable: project the context's drawing with a projection filter.
    @available(*, unavailable, message: "Flipbook has no views: project the drawing with context.addFilter(.projectionTransform(transform)) before drawing the shape")
    public func projectionEffect(_ transform: ProjectionTransform) -> Self { self }

    /// Unavailable: scale the shape itself, or the context.
    @available(*, unavailable, message: "Flipbook has no views: scale the shape with Circle().scale(2), or the context with context.scaleBy(x: 2, y: 2)")
    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> Self { self }
}

extension InsettableShape {
    /// Unavailable: stroke the inset shape's path in a context.
    @available(*, unavailable, message: "Flipbook has no views: stroke the inset shape's path in a GraphicsContext, e.g. context.stroke(Circle().inset(by: 1).path(in: rect), with: .color(.red), lineWidth: 2)")
    public func strokeBorder(_ color: Color, lineWidth: CGFloat = 1) -> Self { self }

    /// Unavailable: stroke the inset shape's path in a context.
    @available(*, unavailable, message: "Flipbook has no views: stroke the inset shape's path in a GraphicsContext, e.g. context.stroke(Circle().inset(by: 1).path(in: rect), with: .color(.red), lineWidth: 2)")
    public func strokeBorder<S>(_ content: S, lineWidth: CGFloat = 1) -> Self { self }

    /// Unavailable: stroke the inset shape's path in a context.
    @available(*, unavailable, message: "Flipbook has no views: stroke the inset shape's path in a GraphicsContext, e.g. context.stroke(Circle().inset(by: 1).path(in: rect), with: .color(.red), lineWidth: 2)")
    public func strokeBorder(lineWidth: CGFloat = 1) -> Self { self }
}
