import CCairo
import CPango
import Foundation

/// A Pango font map and context for laying out and drawing text, used by one thread at a time.
///
/// Pango's font maps and contexts are not thread-safe, and frames are drawn on several threads at
/// once, so each thread that draws text has its own shaper (made on its first text, handed on to a
/// later thread when it exits). Each shaper keeps its loaded fonts, shaping caches and rasterised
/// symbols.
final class TextShaper {
    /// The font map over the package's private fontconfig configuration (owned).
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// A context on ``fontMap`` with Flipbook's font options (owned).
    let context: OpaquePointer
    /// The configuration of ``fontMap``: the carried fonts alone.
    private let configuration: FontConfiguration
    /// Symbols this shaper has rasterised (see ``TextSymbol``).
    let glyphRasters = GlyphRasterCache()
    /// Texts this shaper laid out lately.
    let recentLayouts = RecentLayouts()

    /// The font sizes this shaper has laid text out at, in Pango's units (1/1024 point), by their
    /// whole number of points.
    private var sizesSeen: [Int: Set<Int>] = [:]
    /// Whether some whole number of points has more than ``sizesPerWholePoint`` sizes (``isWorn``).
    private(set) var isWorn = false
    /// How many sizes of one whole number of points a shaper lays out before it is replaced by a new
    /// one. Pango keeps every font pattern it has matched in a hash table for the font map's life,
    /// and fontconfig hashes a size by its whole part alone, so each new size compares against all
    /// the others of its whole part: shrinking captions to fit (16 bisection steps per page) or
    /// animating a font's size made laying out text quadratic in the sizes used. Whole sizes never
    /// collide. A new map draws the same pixels.
    static let sizesPerWholePoint = 32

    /// Notes that text is laid out at `points` (of each font of a text).
    func noteSizes(_ points: some Sequence<CGFloat>) {
        for size in points {
            guard size.isFinite, let units = Int(exactly: (Double(size) * pangoScale).rounded()) else { continue }
            let whole = units / Int(pangoScale)
            let inserted = sizesSeen[whole, default: []].insert(units).inserted
            if inserted, sizesSeen[whole, default: []].count > Self.sizesPerWholePoint { isWorn = true }
        }
    }

    /// The layout of `text` in the box, reused when this thread laid the same text out lately.
    func layout(_ text: Text, width: CGFloat?, height: CGFloat?) throws -> TextLayout {
        try recentLayouts.layout(text, width: width, height: height, shaper: self)
    }

    /// Font maps and contexts over the configurations with more files (owned), by configuration.
    private var addedContexts: [ObjectIdentifier: (configuration: FontConfiguration,
                                                       map: UnsafeMutablePointer<PangoFontMap>, context: OpaquePointer)] = [:]

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
        self.configuration = configuration
    }

    deinit {
        for (_, entry) in addedContexts {
            g_object_unref(UnsafeMutableRawPointer(entry.context))
            g_object_unref(entry.map)
        }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontMap)
    }

    /// A context on `configuration` (made on first use; the shaper's own for the carried fonts alone).
    func context(for configuration: FontConfiguration) throws -> OpaquePointer {
        if configuration === self.configuration { return context }
        let key = ObjectIdentifier(configuration)
        if let entry = addedContexts[key] { return entry.context }
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw FlipbookError(.internal, "Pango could not create a font map.")
        }
        // The map takes its own reference to the configuration.
        pango_fc_font_map_set_config(flipbook_pango_fc_font_map(map), configuration.config)
        guard let context = TextShaper.makeContext(map) else {
            g_object_unref(map)
            throw FlipbookError(.internal, "Pango could not create a context.")
        }
        addedContexts[key] = (configuration, map, context)
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

    // MARK: One shaper per thread

    /// Whether a draw on this shaper's thread is using it (a nested use borrows another).
    private var isBusy = false

    /// The shaper of the current thread, retained, returned to ``idle`` when the thread exits.
    /// Thread-local rather than borrowed per draw: a pool locked for each of 10,000 confetti pieces a
    /// frame made two drawing threads contend so much they drew no faster than one.
    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            TextShaper.giveBack(Unmanaged<TextShaper>.fromOpaque(raw).takeRetainedValue())
        }
        return key
    }()

    private static let lock = NSLock()
    /// Shapers whose threads have exited, for the next new thread.
    nonisolated(unsafe) private static var idle: [TextShaper] = []

    private static func giveBack(_ shaper: TextShaper) {
        lock.lock()
        idle.append(shaper)
        lock.unlock()
    }

    private static func borrow(_ configuration: FontConfiguration) throws -> TextShaper {
        lock.lock()
        let shaper = idle.popLast()
        lock.unlock()
        return try shaper ?? TextShaper(configuration: configuration)
    }

    /// Runs `body` with a shaper no other thread is using: the calling thread's own.
    static func withShaper<R>(_ body: (TextShaper) throws -> R) throws -> R {
        let configuration = try FontConfiguration.shared.get()
        let shaper: TextShaper
        if let raw = pthread_getspecific(threadKey) {
            shaper = Unmanaged<TextShaper>.fromOpaque(raw).takeUnretainedValue()
        } else {
            shaper = try borrow(configuration)
            pthread_setspecific(threadKey, Unmanaged.passRetained(shaper).toOpaque())
        }
        guard !shaper.isBusy else {
            // Used again while in use on this thread: a second shaper for the inner use.
            let inner = try borrow(configuration)
            defer { if !inner.isWorn { giveBack(inner) } }
            return try body(inner)
        }
        shaper.isBusy = true
        defer {
            shaper.isBusy = false
            if shaper.isWorn { retire(shaper) }
        }
        return try body(shaper)
    }

    /// Lets the calling thread's worn `shaper` go (with its font map and caches): the thread's next
    /// text makes a new one. Nothing made with it outlives the ``withShaper(_:)`` call that used it.
    private static func retire(_ shaper: TextShaper) {
        pthread_setspecific(threadKey, nil)
        Unmanaged.passUnretained(shaper).release()
    }
}
