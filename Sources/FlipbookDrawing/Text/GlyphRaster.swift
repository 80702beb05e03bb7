import CCairo
import FlipbookRaster
import Foundation

/// A short text rasterised once into an image (a confetti shape), owned Cairo image surface.
///
/// The glyphs' ink fills ``inkHeight`` rows of the image, which has a transparent border of
/// ``padding`` pixels so that sampling at its edges fades out instead of clamping ink.
final class GlyphRaster {
    let surface: OpaquePointer
    let width: Int
    let height: Int
    /// Rows the ink spans (the requested pixel height).
    let inkHeight: Int
    /// Whether any glyph has its own colours (emoji); otherwise the image is white ink to be tinted.
    let isColour: Bool
    /// The image for ``FastImage``; `nil` if its border is not transparent after all (then Cairo draws it).
    private(set) lazy var fastSource = FastImage.Source(surface)

    /// Two pixels: glyph images (emoji bitmaps scaled by their font) bleed up to a pixel past the ink
    /// box, and the outermost ring must stay transparent for ``FastImage``.
    static let padding = 2
    /// The widest image a symbol is rasterised into, in pixels (a long text at a large size would
    /// otherwise need hundreds of megabytes).
    static let widestImage = 4096

    private init(surface: OpaquePointer, width: Int, height: Int, inkHeight: Int, isColour: Bool) {
        self.surface = surface
        self.width = width
        self.height = height
        self.inkHeight = inkHeight
        self.isColour = isColour
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Lays out and draws `symbol` in white so that its ink is `pixelHeight` pixels tall.
    static func make(_ symbol: TextSymbol, pixelHeight: Int, shaper: TextShaper) throws -> GlyphRaster? {
        let font: Font = symbol.fontName.map { .custom($0, size: CGFloat(pixelHeight)) } ?? .system(size: CGFloat(pixelHeight))
        let layout = try TextLayout(Text(symbol.string).font(font), width: nil, height: nil, shaper: shaper)
        let ink = layout.inkRect
        guard ink.width > 0, ink.height > 0 else { return nil }
        // Pixels per layout point: the ink `pixelHeight` tall, unless that would make a long text wider
        // than `widestImage`; then the ink is as wide as that and less tall.
        let k = min(Double(pixelHeight) / Double(ink.height), Double(widestImage) / Double(ink.width))
        let inkWidth = max(Int(saturating: Double(ink.width) * k, rounded: .up), 1)
        let inkHeight = max(Int(saturating: Double(ink.height) * k), 1)
        let width = inkWidth + 2 * padding, height = inkHeight + 2 * padding
        let surface = try makeSurface(width: width, height: height)
        guard let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw FlipbookError(.internal, "draw text shape: Cairo could not create a drawing context.")
        }
        cairo_translate(cr, Double(padding), Double(padding))
        cairo_scale(cr, k, k)
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        layout.show(on: cr, at: CGPoint(x: -ink.minX, y: -ink.minY))
        let status = cairo_status(cr)
        cairo_destroy(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw FlipbookError.cairo(status, while: "draw text shape: rasterising the glyphs")
        }
        cairo_surface_flush(surface)
        return GlyphRaster(surface: surface, width: width, height: height, inkHeight: inkHeight,
                           isColour: TargetPixels(surface)?.hasColour ?? false)
    }

    /// A copy of this white-ink raster in `color` (premultiplied), for monochrome glyphs.
    func tinted(_ color: Color) throws -> GlyphRaster {
        let tinted = try GlyphRaster.makeSurface(width: width, height: height)
        if let source = TargetPixels(surface), let target = TargetPixels(tinted) {
            target.tint(source, r: min(max(color.red, 0), 1), g: min(max(color.green, 0), 1),
                        b: min(max(color.blue, 0), 1), a: min(max(color.opacity, 0), 1))
        }
        cairo_surface_mark_dirty(tinted)
        return GlyphRaster(surface: tinted, width: width, height: height, inkHeight: inkHeight, isColour: true)
    }

    private static func makeSurface(width: Int, height: Int) throws -> OpaquePointer {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw FlipbookError(.internal, "draw text shape: Cairo could not create an image.")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw FlipbookError.cairo(status, while: "draw text shape: creating an image")
        }
        return surface
    }
}

/// Each shaper's rasterised symbols: a shaper is used by one thread at a time, and so are the
/// images it caches (Cairo's image sources are not safe to share between threads drawing at once).
final class GlyphRasterCache {
    struct Key: Hashable {
        var symbol: TextSymbol
        var pixelHeight: Int
        /// The tint of a monochrome symbol; `nil` for the white original.
        var tint: Color?
    }

    /// More entries than this (sizes × colours × symbols) and the cache starts over.
    static let capacity = 1024

    private var entries: [Key: GlyphRaster?] = [:]

    /// The raster of `symbol` at `pixelHeight`, tinted `color` unless it has its own colours;
    /// `nil` when it has no ink.
    func raster(_ symbol: TextSymbol, pixelHeight: Int, color: Color, shaper: TextShaper) throws -> GlyphRaster? {
        let key = Key(symbol: symbol, pixelHeight: pixelHeight, tint: nil)
        let original: GlyphRaster?
        if let cached = entries[key] {
            original = cached
        } else {
            original = try GlyphRaster.make(symbol, pixelHeight: pixelHeight, shaper: shaper)
            store(original, key)
        }
        guard let original, !original.isColour else { return original }
        let tintedKey = Key(symbol: symbol, pixelHeight: pixelHeight, tint: color)
        if let cached = entries[tintedKey] { return cached }
        let tinted = try original.tinted(color)
        store(tinted, tintedKey)
        return tinted
    }

    private func store(_ raster: GlyphRaster?, _ key: Key) {
        if entries.count >= Self.capacity { entries.removeAll() }
        entries[key] = raster
    }
}
