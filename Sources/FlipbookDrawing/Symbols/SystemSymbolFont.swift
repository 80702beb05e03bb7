import CCairo
import CPango
import Foundation

/// The icon font that ``Image/init(systemName:)`` draws with: Google's Material Icons (Apache-2.0,
/// `Fonts/MaterialIcons-LICENSE.txt`), carried in the package's `Fonts` directory with its list of
/// codepoints and loaded into the private fontconfig configuration beside Noto
/// (``FontConfiguration``), so no machine needs it installed.
///
/// Each icon is rasterised once per process, white on transparent (a template image uses only its
/// alpha), at ``pixelsPerPoint`` times the symbol's size, and kept.
enum SystemSymbolFont {
    static let family = "Material Icons"
    static let fontFile = "MaterialIcons-Regular.ttf"
    /// One line per icon, `name codepoint` (hexadecimal), as Google publishes it beside the font.
    static let codepointsFile = "MaterialIcons-Regular.codepoints"

    /// The size of a symbol's image, in points: SwiftUI's default symbol is a glyph of the body font
    /// (17 points), and its image is the glyph's box, an em square for Material's icons.
    static let pointSize = Double(Font.body.size)
    /// Pixels per point of a symbol's raster: 8, so the 17-point symbol is 136 pixels square and stays
    /// sharp drawn at up to 8 pixels per point (a 2× picture with the symbol 4 times its size);
    /// smaller draws are filtered down from it.
    static let pixelsPerPoint = 8.0

    /// Material icon name → character, read once from ``codepointsFile``.
    static let codepoints: Result<[String: Unicode.Scalar], FlipbookError> = {
        guard let directory = FontConfiguration.locateFontDirectory() else {
            return .failure(FlipbookError(.file, "Flipbook's fonts directory was not found, so \(codepointsFile) could not be read."))
        }
        let url = directory.appendingPathComponent(codepointsFile)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            return .failure(FlipbookError(.file, "The icon list \(url.path) could not be read."))
        }
        return .success(parse(text))
    }()

    /// The `name codepoint` lines of `text`; a line that does not read as one is skipped.
    static func parse(_ text: String) -> [String: Unicode.Scalar] {
        var table: [String: Unicode.Scalar] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: " ")
            guard fields.count == 2, let value = UInt32(fields[1], radix: 16), let scalar = Unicode.Scalar(value) else { continue }
            table[String(fields[0])] = scalar
        }
        return table
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var rasters: [String: Bitmap] = [:]

    /// The raster of the Material icon `icon`: white ink on transparent, an em square of
    /// ``pointSize`` × ``pixelsPerPoint`` pixels.
    static func raster(icon: String) -> Result<Bitmap, FlipbookError> {
        lock.lock()
        let cached = rasters[icon]
        lock.unlock()
        if let cached { return .success(cached) }
        let made = Result { () throws(FlipbookError) -> Bitmap in
            guard let character = try codepoints.get()[icon] else {
                throw FlipbookError(.internal, "The icon \"\(icon)\" is not in \(codepointsFile).")
            }
            return try rasterise(character)
        }
        if case .success(let bitmap) = made {
            lock.lock()
            rasters[icon] = bitmap
            lock.unlock()
        }
        return made
    }

    /// Draws `character` in the icon font, its logical box (the em square) filling the image.
    private static func rasterise(_ character: Unicode.Scalar) throws(FlipbookError) -> Bitmap {
        do {
            return try TextShaper.withShaper { shaper in
                guard let layout = pango_layout_new(shaper.context) else {
                    throw FlipbookError(.internal, "Pango could not create a text layout.")
                }
                defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
                let text = String(character)
                text.withCString { pango_layout_set_text(layout, $0, Int32(text.utf8.count)) }
                if let description = pango_font_description_new() {
                    pango_font_description_set_family(description, family)
                    pango_font_description_set_absolute_size(description, pointSize * pixelsPerPoint * pangoScale)
                    pango_layout_set_font_description(layout, description)  // copies
                    pango_font_description_free(description)
                }
                // Without the icon font fontconfig would fall back to another font, which draws a box.
                guard pango_layout_get_unknown_glyphs_count(layout) == 0 else {
                    throw FlipbookError(.file, "The icon font \(fontFile) has no glyph for U+\(String(character.value, radix: 16, uppercase: true)).")
                }
                var logical = PangoRectangle()
                pango_layout_get_extents(layout, nil, &logical)
                let box = CGRect(logical)  // pixels: the font size was given in pixels
                var bitmap = try Bitmap(width: max(try Int(Double(box.width), rounded: .toNearestOrAwayFromZero, checking: "the symbol's width"), 1),
                                        height: max(try Int(Double(box.height), rounded: .toNearestOrAwayFromZero, checking: "the symbol's height"), 1))
                let surface = bitmap.storage.surface
                try bitmap.withUnsafeMutableBytes { _, _ in
                    guard let cr = cairo_create(surface) else {
                        throw FlipbookError(.internal, "Cairo could not create a drawing context for a symbol.")
                    }
                    defer { cairo_destroy(cr) }
                    cairo_set_source_rgba(cr, 1, 1, 1, 1)
                    cairo_move_to(cr, -Double(box.minX), -Double(box.minY))
                    pango_cairo_show_layout(cr, layout)
                    let status = cairo_status(cr)
                    guard status == CAIRO_STATUS_SUCCESS else { throw FlipbookError.cairo(status, while: "Drawing a symbol") }
                    cairo_surface_flush(surface)
                }
                return bitmap
            }
        } catch let error as FlipbookError {
            throw error
        } catch {
            throw FlipbookError(.internal, "Drawing a symbol failed: \(error)")
        }
    }
}
