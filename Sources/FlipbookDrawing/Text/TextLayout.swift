import CCairo
import CPango
import Foundation

/// Pango units per point.
let pangoScale = Double(flipbook_pango_scale())

/// One text laid out by Pango (owns its `PangoLayout`), with its extents in points relative to the
/// layout's top-left corner. Use it only inside the ``TextShaper/withShaper(_:)`` call that made it.
final class TextLayout {
    /// The largest font size, letter spacing and box side accepted, in points: far beyond any
    /// picture, and small enough that Pango's 32-bit units (1/1024 point) cannot overflow.
    static let maximumLength: CGFloat = 100_000

    let layout: OpaquePointer
    /// The ink extents: every pixel the glyphs may darken (before antialiasing's spill).
    let inkRect: CGRect
    /// The logical extents: the advance widths and line heights, as SwiftUI measures text.
    let logicalRect: CGRect
    /// Every pixel the text may paint: the ink, and the line boxes where parts have a background colour.
    let paintRect: CGRect
    /// The fonts the text's parts were pinned to when some characters needed a fallback; empty otherwise.
    let pins: [TextAttributes.Pin]

    /// Lays out `text`, wrapping to `width` points and fitting within `height` points (truncating
    /// the last line that fits) when they are given.
    ///
    /// Characters none of the text's fonts has are drawn with the fonts ``FontFallback`` finds: the
    /// text is laid out again with them, every other part pinned to the font it had.
    init(_ text: Text, width: CGFloat?, height: CGFloat?, shaper: TextShaper) throws {
        if let problem = TextLayout.problem(text, width: width, height: height) {
            throw FlipbookError.invalidInput(problem)
        }
        let configuration = try FontConfiguration.shared.get()
        if !configuration.hasEmoji, text.string.contains(where: EmojiPresentation.isEmoji) {
            throw FontConfiguration.emojiMissing
        }
        let fonts = try TextFonts(text.format)
        shaper.noteSizes([text.format.baseFont.size] + text.format.runs.compactMap { $0.font?.size })
        let characters = LaidOutCharacters(text.string)
        func make(width: CGFloat?, height: CGFloat?, fallback: FontFallback.Plan?) throws -> OpaquePointer {
            let files = fonts.files.union(fallback?.files ?? [])
            let context = try shaper.context(for: FontConfiguration.adding(files))
            return try TextLayout.make(text, characters: characters, fonts: fonts, width: width, height: height,
                                       context: context, pins: fallback?.pins ?? [])
        }
        var layout = try make(width: width, height: height, fallback: nil)
        var pins: [TextAttributes.Pin] = []
        if LayoutFonts.hasMissingGlyphs(layout) {
            do {
                // The whole text, unconstrained, tells which characters lack glyphs and what drew the rest.
                let isConstrained = width != nil || height != nil
                let probe = isConstrained ? try make(width: nil, height: nil, fallback: nil) : layout
                defer { if isConstrained { g_object_unref(UnsafeMutableRawPointer(probe)) } }
                if let plan = try FontFallback.plan(characters.text, probe: probe, configured: fonts.files) {
                    let again = try make(width: width, height: height, fallback: plan)
                    g_object_unref(UnsafeMutableRawPointer(layout))
                    layout = again
                    pins = plan.pins
                }
            } catch {
                g_object_unref(UnsafeMutableRawPointer(layout))
                throw error
            }
        }
        self.layout = layout
        self.pins = pins
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        inkRect = CGRect(ink)
        logicalRect = CGRect(logical)
        let hasBackground = text.format.runs.contains { $0.background != nil }
        paintRect = hasBackground && !logicalRect.isEmpty ? inkRect.union(logicalRect) : inkRect
    }

    /// A Pango layout (owned by the caller) of `text` on `context`, its parts pinned to `pins`.
    private static func make(_ text: Text, characters: LaidOutCharacters, fonts: TextFonts, width: CGFloat?, height: CGFloat?,
                             context: OpaquePointer, pins: [TextAttributes.Pin]) throws -> OpaquePointer {
        let format = text.format
        guard let layout = pango_layout_new(context) else {
            throw FlipbookError(.internal, "Pango could not create a text layout.")
        }
        characters.text.withCString { chars in
            pango_layout_set_text(layout, chars, Int32(characters.text.utf8.count))
        }
        if let description = TextAttributes.description(of: format.baseFont, family: fonts.baseFamily) {
            pango_layout_set_font_description(layout, description)  // copies
            pango_font_description_free(description)
        }
        if format.lineSpacing != 0 {
            pango_layout_set_spacing(layout, Int32((Double(format.lineSpacing) * pangoScale).rounded()))
        }
        if let attributes = TextAttributes.list(format, fonts: fonts, laidOut: characters.offset, pins: pins) {
            pango_layout_set_attributes(layout, attributes)  // takes a reference
            pango_attr_list_unref(attributes)
        }
        // Leading and trailing follow the paragraph's direction (Pango flips them for right-to-left text).
        switch format.alignment {
        case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        if let width {
            pango_layout_set_width(layout, Int32((Double(width) * pangoScale).rounded(.down)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        // Pango ellipsizes each paragraph to one line unless given a height or a line count, so
        // truncation applies only with one of them.
        if width != nil, height != nil || format.lineLimit != nil {
            switch format.truncation {
            case .head: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
            case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
            case .tail: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            }
            // A negative height is a line count; a positive one a height in Pango units. With both a
            // line limit and a height, the tighter one wins.
            if let lines = format.lineLimit {
                pango_layout_set_height(layout, -Int32(lines))
            }
            if let height {
                var logical = PangoRectangle()
                pango_layout_get_extents(layout, nil, &logical)
                if format.lineLimit == nil || Double(logical.height) > Double(height) * pangoScale {
                    pango_layout_set_height(layout, Int32((Double(height) * pangoScale).rounded(.down)))
                }
            }
        }
        return layout
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// The first line's baseline, in points below the layout's top.
    var firstBaseline: CGFloat {
        CGFloat(Double(pango_layout_get_baseline(layout)) / pangoScale)
    }

    /// The last line's baseline, in points below the layout's top.
    var lastBaseline: CGFloat {
        guard let iterator = pango_layout_get_iter(layout) else { return firstBaseline }
        defer { pango_layout_iter_free(iterator) }
        while pango_layout_iter_next_line(iterator) != 0 {}
        return CGFloat(Double(pango_layout_iter_get_baseline(iterator)) / pangoScale)
    }

    /// Draws the text with Cairo's current source, its top-left corner at `origin` in the current
    /// user space.
    func show(on cr: OpaquePointer, at origin: CGPoint) {
        cairo_move_to(cr, Double(origin.x), Double(origin.y))
        pango_cairo_show_layout(cr, layout)
    }

    /// Why `text` cannot be laid out in the box, for the drawing issue; `nil` when it can.
    static func problem(_ text: Text, width: CGFloat?, height: CGFloat?) -> String? {
        let format = text.format
        let sizes = [format.baseFont.size] + format.runs.compactMap { $0.font?.size }
        for size in sizes where !(size.isFinite && size > 0 && size <= maximumLength) {
            return "the font size must be a number above 0 and at most \(Int(maximumLength)) points (got \(size))"
        }
        let spacings = [format.letterSpacing] + format.runs.filter { $0.kerning != nil || $0.tracking != nil }.map {
            ($0.kerning ?? format.kerning) + ($0.tracking ?? format.tracking)
        }
        for spacing in spacings where !(spacing.isFinite && abs(spacing) <= maximumLength) {
            return "the kerning and tracking must be numbers within ±\(Int(maximumLength)) points (got \(spacing))"
        }
        let offsets = [format.baselineOffset] + format.runs.compactMap(\.baselineOffset)
        for offset in offsets where !(offset.isFinite && abs(offset) <= maximumLength) {
            return "the baseline offset must be a number within ±\(Int(maximumLength)) points (got \(offset))"
        }
        guard format.lineSpacing.isFinite, abs(format.lineSpacing) <= maximumLength else {
            return "the line spacing must be a number within ±\(Int(maximumLength)) points (got \(format.lineSpacing))"
        }
        for (name, value) in [("width", width), ("height", height)] {
            if let value, !(value.isFinite && value >= 0 && value <= maximumLength) {
                return "the text's \(name) must be a number from 0 to \(Int(maximumLength)) points (got \(value))"
            }
        }
        if let lines = format.lineLimit, lines < 1 || lines > Int(Int32.max) {
            return "the line limit must be at least 1 (got \(lines))"
        }
        guard text.string.utf8.count < Int(Int32.max) else { return "the text is longer than 2 GB" }
        return nil
    }
}

/// A text's characters as Pango lays them out: without NUL characters, which end a C string early and
/// which GLib rejects as invalid UTF-8.
struct LaidOutCharacters {
    /// The characters laid out.
    let text: String
    /// The byte offsets of the NULs dropped, in order.
    private let dropped: [Int]

    init(_ string: String) {
        guard string.utf8.contains(0) else {
            text = string
            dropped = []
            return
        }
        text = string.replacingOccurrences(of: "\0", with: "")
        dropped = string.utf8.indices.enumerated().compactMap { offset, index in string.utf8[index] == 0 ? offset : nil }
    }

    /// The laid-out text's byte offset for the string's byte `offset`.
    func offset(_ offset: Int) -> Int {
        dropped.isEmpty ? offset : offset - dropped.prefix { $0 < offset }.count
    }
}

extension CGRect {
    /// A Pango rectangle (1/1024 point units) in points.
    init(_ r: PangoRectangle) {
        self.init(x: Double(r.x) / pangoScale, y: Double(r.y) / pangoScale,
                  width: Double(r.width) / pangoScale, height: Double(r.height) / pangoScale)
    }
}
