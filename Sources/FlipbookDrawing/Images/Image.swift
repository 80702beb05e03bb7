import Foundation

/// An image to draw in a context, as SwiftUI's `Image` is in a `Canvas`: a bitmap, its scale (pixels
/// per point) and how it is rendered.
///
/// ```swift
/// let photo = try Image(contentsOf: URL(fileURLWithPath: "photo.jpg"))
/// context.draw(photo, in: CGRect(x: 0, y: 0, width: 120, height: 80))
/// ```
public struct Image: Sendable {
    /// How an image's colours are used, as SwiftUI's `Image.TemplateRenderingMode`.
    public enum TemplateRenderingMode: Hashable, Sendable {
        /// The image's own colours.
        case original
        /// Only the image's alpha, filled with the resolved image's ``CairoCanvas/ResolvedImage/shading``.
        case template
    }

    /// The pixels; `nil` for an image of nothing (a symbol name the map does not have) or one from an
    /// asset catalog not yet looked up; the image of nothing has size zero and draws nothing, as
    /// SwiftUI's image of an unknown symbol.
    let bitmap: Bitmap?
    let scale: CGFloat
    /// How it is rendered; `nil`: as its image set asks, else in its own colours.
    let mode: TemplateRenderingMode?
    /// The image set it is looked up in when drawn; `nil` for an image with its pixels.
    let asset: AssetImageName?

    /// An image showing `bitmap`, `scale` pixels per point (a non-finite or non-positive scale is 1).
    public init(bitmap: Bitmap, scale: CGFloat = 1) {
        self.init(bitmap: bitmap, scale: scale.isFinite && scale > 0 ? scale : 1, mode: nil, asset: nil)
    }

    /// An image loaded from a PNG, JPEG or WebP file (see ``Bitmap/init(contentsOf:)``).
    public init(contentsOf url: URL, scale: CGFloat = 1) throws {
        self.init(bitmap: try Bitmap(contentsOf: url), scale: scale)
    }

    /// The image of nothing: size zero, drawn as nothing.
    static let nothing = Image(bitmap: nil, scale: 1, mode: .template, asset: nil)

    /// The image's size in points (pixels ÷ scale); zero for the image of nothing or one not yet looked
    /// up (see ``resolved(pixelsPerPoint:environment:)``).
    var pointSize: CGSize {
        guard let bitmap else { return .zero }
        return CGSize(width: CGFloat(bitmap.width) / scale, height: CGFloat(bitmap.height) / scale)
    }

    init(bitmap: Bitmap?, scale: CGFloat, mode: TemplateRenderingMode?, asset: AssetImageName?) {
        self.bitmap = bitmap
        self.scale = scale
        self.mode = mode
        self.asset = asset
    }

    /// The same image rendered in `mode` (`nil`: as its image set asks, else in its own colours).
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image {
        Image(bitmap: bitmap, scale: scale, mode: mode, asset: asset)
    }

    /// The same image: in a context an image always fills the rectangle it is drawn in, as a
    /// resizable SwiftUI image fills its frame.
    public func resizable() -> Image { self }
}

extension CairoCanvas {
    /// An image ready to draw, with its size, as SwiftUI's `GraphicsContext.ResolvedImage`.
    public struct ResolvedImage: Sendable {
        let image: Image

        /// The image's size in points (pixels ÷ scale).
        public var size: CGSize {
            image.pointSize
        }

        /// The distance from the image's top to its baseline: an image has none of its own, so this is
        /// its height, as in SwiftUI.
        public var baseline: CGFloat { size.height }

        /// What fills a template image (the context's ``CairoCanvas/foregroundStyle`` unless set); `nil`
        /// for an image drawn in its own colours.
        public var shading: Shading?
    }

    /// Resolves `image` for drawing in this context: an image from an asset catalog is looked up (the
    /// file for the drawing's scale and colour scheme), and a template image takes the context's
    /// ``foregroundStyle``.
    public func resolve(_ image: Image) -> ResolvedImage {
        let found = image.resolved(pixelsPerPoint: session.isRaster ? session.scale : session.vectorRasterScale,
                                   environment: session.environment)
        return ResolvedImage(image: found, shading: found.mode == .template ? foregroundStyle : nil)
    }

    /// Draws `image` scaled to fill `rect`, with this context's opacity, blend mode and filters; a
    /// template image is `rect` filled with its shading through the image's alpha. `style` is taken
    /// for SwiftUI's signature; an image's edges are always anti-aliased.
    public func draw(_ image: ResolvedImage, in rect: CGRect, style: FillStyle = FillStyle()) {
        guard let bitmap = image.image.bitmap else { return }
        guard let shading = image.shading else {
            draw(bitmap, in: rect)
            return
        }
        drawLayer { layer in
            layer.fill(Path(rect), with: shading)
            layer.blendMode = .destinationIn
            layer.draw(bitmap, in: rect)
        }
    }

    /// Draws `image` at its size in points with `anchor` placed at `point`.
    public func draw(_ image: ResolvedImage, at point: CGPoint, anchor: UnitPoint = .center) {
        let size = image.size
        draw(image, in: CGRect(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height,
                               width: size.width, height: size.height))
    }

    /// Resolves and draws `image` scaled to fill `rect`.
    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        draw(resolve(image), in: rect, style: style)
    }

    /// Resolves and draws `image` at its size in points with `anchor` placed at `point`.
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(image), at: point, anchor: anchor)
    }
}
