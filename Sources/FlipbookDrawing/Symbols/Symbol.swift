import Foundation

/// Content drawn once and placed many times, as the views SwiftUI's `Canvas(symbols:)` hands to its
/// closure: a text, an image, or a shape with a fill in a frame.
///
/// Give symbols by id to the drawing call (``Bitmap/draw(scale:background:environment:symbols:_:)``),
/// resolve one with ``CairoCanvas/resolveSymbol(id:)`` and draw it with the context's
/// `draw(_:at:anchor:)` or `draw(_:in:)`:
///
/// ```swift
/// let symbols: [AnyHashable: Symbol] = ["star": .text(Text("★").font(.system(size: 24)))]
/// try bitmap.draw(symbols: symbols) { context, size in
///     guard let star = context.resolveSymbol(id: "star") else { return }
///     for x in stride(from: 20.0, to: size.width, by: 30) {
///         context.draw(star, at: CGPoint(x: x, y: 40))
///     }
/// }
/// ```
///
/// A symbol is rasterised once per pixel scale, in the drawing's environment (its colour scheme, and
/// ``Color/primary`` as the foreground), then drawn as an image: thousands of copies cost what as
/// many emoji confetti do. In a PDF or SVG (``Bitmap/writeVector(to:format:size:rasterScale:environment:symbols:_:)``)
/// each copy is drawn as vectors.
public struct Symbol: Sendable {
    enum Content: Sendable {
        case text(Text)
        case image(Image)
        case shape(Path, CairoCanvas.Shading, FillStyle, frame: CGSize)
    }

    let content: Content

    /// A text, as large as it measures on one line (its logical extents); a text with no colour of its
    /// own takes the drawing's foreground, ``Color/primary``.
    public static func text(_ text: Text) -> Symbol {
        Symbol(content: .text(text))
    }

    /// An image at its size in points; a template image takes ``Color/primary``.
    public static func image(_ image: Image) -> Symbol {
        Symbol(content: .image(image))
    }

    /// `path` filled with `shading` in a `frame`-sized box whose top-left corner is the path's origin,
    /// as `shape.fill(…).frame(width:height:)` is in SwiftUI. The symbol is `frame` in size; what
    /// the path has outside the frame is cut off.
    public static func shape(
        _ path: Path, fill shading: CairoCanvas.Shading = .foreground, style: FillStyle = FillStyle(), frame: CGSize
    ) -> Symbol {
        Symbol(content: .shape(path, shading, style, frame: frame))
    }
}

extension Symbol {
    /// Draws the content `size` points large with its top-left corner at the context's origin, as a
    /// symbol view draws: in the context's environment with ``Color/primary`` as the foreground.
    func draw(in context: inout CairoCanvas, size: CGSize) {
        context.foregroundOverride = nil
        let frame = CGRect(origin: .zero, size: size)
        switch content {
        case .text(let text):
            context.draw(text, at: .zero, anchor: .topLeading)
        case .image(let image):
            context.draw(image, in: frame)
        case .shape(let path, let shading, let style, _):
            // Clipped only when the path leaves the frame: a clip sends the fill to Cairo, whose
            // antialiasing differs by a few levels from the fast fill the same shape gets directly.
            if !frame.contains(path.boundingRect) { context.clip(to: Path(frame)) }
            context.fill(path, with: shading, style: style)
        }
    }
}

extension CairoCanvas {
    /// A symbol ready to draw, with its size, as SwiftUI's `GraphicsContext.ResolvedSymbol`.
    public struct ResolvedSymbol {
        /// The symbol's size in points.
        public let size: CGSize
        /// The symbol rasterised (`nil` when it has no area, and in a PDF or SVG, where it is drawn as
        /// vectors).
        let raster: SymbolRaster?
        /// What a PDF or SVG draws in place of the raster.
        var vector: Symbol? = nil
    }
}
