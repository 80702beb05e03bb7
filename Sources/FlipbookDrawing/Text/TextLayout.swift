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

    /// Lays out `text`, wrapping to `width` points and fitting within `height` points (truncating
    /// the last line that fits) when they are given.
    init(_ text: Text, width: CGFloat?, height: CGFloat?, shaper: TextShaper) throws {
        if let problem = TextLayout.problem(text, width: width, height: height) {
            throw FlipbookError.invalidInput(problem)
        }
        let configuration = try FontConfiguration.shared.get()
        if !configuration.hasEmoji, text.string.contains(where: EmojiPresentation.isEmoji) {
            throw FontConfiguration.emojiMissing
        }
        let font = text.font ?? .body
        var family = FontConfiguration.systemFamily
        var context = shaper.context
        if let name = font.family {
            // A registered font file's family is found in its own configuration, never the machine's.
            if let registered = FontConfiguration.registered(family: name), let own = shaper.context(for: registered) {
                family = name
                context = own
            } else if SystemFonts.has(name), let system = shaper.systemContext() {
                family = name
                context = system
            }
        }
        guard let layout = pango_layout_new(context) else {
            throw FlipbookError(.internal, "Pango could not create a text layout.")
        }
        self.layout = layout
        // NUL characters end a C string early and GLib rejects them as invalid UTF-8: drop them.
        let characters = text.string.contains("\0") ? text.string.replacingOccurrences(of: "\0", with: "") : text.string
        characters.withCString { chars in
            pango_layout_set_text(layout, chars, Int32(characters.utf8.count))
        }
        if let description = pango_font_description_new() {
            pango_font_description_set_family(description, family)
            pango_font_description_set_absolute_size(description, Double(font.size) * pangoScale)
            pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32((text.weight ?? font.fontWeight).value)))
            pango_font_description_set_style(description, text.isItalic || font.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
            pango_layout_set_font_description(layout, description)  // copies
            pango_font_description_free(description)
        }
        if text.lineSpacing != 0 {
            pango_layout_set_spacing(layout, Int32((Double(text.lineSpacing) * pangoScale).rounded()))
        }
        if text.letterSpacing != 0, let attributes = pango_attr_list_new() {
            pango_attr_list_insert(attributes, pango_attr_letter_spacing_new(Int32((Double(text.letterSpacing) * pangoScale).rounded())))
            pango_layout_set_attributes(layout, attributes)  // takes a reference
            pango_attr_list_unref(attributes)
        }
        // Leading and trailing follow the paragraph's direction (Pango flips them for right-to-left text).
        switch text.alignment {
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
        if width != nil, height != nil || text.lineLimit != nil {
            switch text.truncation {
            case .head: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
            case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
            case .tail: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            }
            // A negative height is a line count; a positive one a height in Pango units. With both a
            // line limit and a height, the tighter one wins.
            if let lines = text.lineLimit {
                pango_layout_set_height(layout, -Int32(lines))
            }
            if let height {
                var logical = PangoRectangle()
                pango_layout_get_extents(layout, nil, &logical)
                if text.lineLimit == nil || Double(logical.height) > Double(height) * pangoScale {
                    pango_layout_set_height(layout, Int32((Double(height) * pangoScale).rounded(.down)))
                }
            }
        }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        inkRect = CGRect(ink)
        logicalRect = CGRect(logical)
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
        let size = (text.font ?? .body).size
        guard size.isFinite, size > 0, size <= maximumLength else {
            return "the font size must be a number above 0 and at most \(Int(maximumLength)) points (got \(size))"
        }
        guard text.letterSpacing.isFinite, abs(text.letterSpacing) <= maximumLength else {
            return "the kerning and tracking must be numbers within ±\(Int(maximumLength)) points (got \(text.letterSpacing))"
        }
        guard text.lineSpacing.isFinite, abs(text.lineSpacing) <= maximumLength else {
            return "the line spacing must be a number within ±\(Int(maximumLength)) points (got \(text.lineSpacing))"
        }
        for (name, value) in [("width", width), ("height", height)] {
            if let value, !(value.isFinite && value >= 0 && value <= maximumLength) {
                return "the text's \(name) must be a number from 0 to \(Int(maximumLength)) points (got \(value))"
            }
        }
        if let lines = text.lineLimit, lines < 1 || lines > Int(Int32.max) {
            return "the line limit must be at least 1 (got \(lines))"
        }
        guard text.string.utf8.count < Int(Int32.max) else { return "the text is longer than 2 GB" }
        return nil
    }
}

extension CGRect {
    /// A Pango rectangle (1/1024 point units) in points.
    init(_ r: PangoRectangle) {
        self.init(x: Double(r.x) / pangoScale, y: Double(r.y) / pangoScale,
                  width: Double(r.width) / pangoScale, height: Double(r.height) / pangoScale)
    }
}
