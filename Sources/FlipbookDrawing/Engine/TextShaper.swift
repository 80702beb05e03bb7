import CCairo
import CPango
import Foundation

/// A Pango font map and context for laying out and drawing text, used by one thread at a time.
///
/// Pango's font maps and contexts are not thread-safe, and frames are drawn on several threads at
/// once, so shapers live in a pool: a draw borrows one (making a new one when all are busy), lays out
/// and draws with it, and returns it. The pool grows to the number of threads that draw text at the
/// same moment and then stays that size; each shaper keeps its loaded fonts and shaping caches.
final class TextShaper {
    /// The font map over the package's private fontconfig configuration (owned).
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// A context on ``fontMap`` with Flipbook's font options (owned).
    let context: OpaquePointer
    /// A font map and context over the machine's fontconfig setup, for `.custom` fonts it has.
    private var systemFontMap: UnsafeMutablePointer<PangoFontMap>?
    private var systemContextStorage: OpaquePointer?
    /// Symbols this shaper has rasterised (see ``TextSymbol``).
    let glyphRasters = GlyphRasterCache()

    private init(configuration: FontConfiguration) throws {
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw FlipbookError(.internal, "Pango could not create a font map.")
        }
        // The map takes its own reference to the configuration.
        pango_fc_font_map_set_config(flipbook_pango_fc_font_map(map), configuration.config)
        guard let context = TextShaper.makeContext(map) else {
            g_object_unref(map)
            throw FlipbookError(.internal, "Pango could not create a context.")
        }
        fontMap = map
        self.context = context
    }

    deinit {
        if let systemContextStorage { g_object_unref(UnsafeMutableRawPointer(systemContextStorage)) }
        if let systemFontMap { g_object_unref(systemFontMap) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontMap)
    }

    /// A context on the machine's own fonts (made on first use).
    func systemContext() -> OpaquePointer? {
        if let systemContextStorage { return systemContextStorage }
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else { return nil }
        guard let context = TextShaper.makeContext(map) else {
            g_object_unref(map)
            return nil
        }
        systemFontMap = map
        systemContextStorage = context
        return context
    }

    /// A context with the font options that make text the same everywhere: greyscale antialiasing,
    /// no hinting, unhinted metrics and unrounded glyph positions (so layout scales linearly and a
    /// measurement does not depend on the output's resolution).
    private static func makeContext(_ map: UnsafeMutablePointer<PangoFontMap>) -> OpaquePointer? {
        guard let context = pango_font_map_create_context(map) else { return nil }
        if let options = cairo_font_options_create() {
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            pango_cairo_context_set_font_options(context, options)  // copies the options
            cairo_font_options_destroy(options)
        }
        pango_context_set_round_glyph_positions(context, 0)
        return context
    }

    // MARK: The pool

    private static let lock = NSLock()
    nonisolated(unsafe) private static var idle: [TextShaper] = []

    /// Runs `body` with a shaper no other thread is using.
    static func withShaper<R>(_ body: (TextShaper) throws -> R) throws -> R {
        let configuration = try FontConfiguration.shared.get()
        lock.lock()
        let borrowed = idle.popLast()
        lock.unlock()
        let shaper = try borrowed ?? TextShaper(configuration: configuration)
        defer {
            lock.lock()
            idle.append(shaper)
            lock.unlock()
        }
        return try body(shaper)
    }
}
