import CPango
import Foundation

/// The Pango attributes that give a text's parts their fonts, colours, spacing and lines.
///
/// Later attributes of a kind win over earlier ones where they overlap, so the text's own come first,
/// then its runs', then the fonts a fallback pins characters to.
struct TextAttributes {
    /// A font family for a byte range of the laid-out text: the family that draws it.
    struct Pin: Hashable {
        var range: Range<Int>
        var family: String
    }

    /// The list (owned by the caller, who unreferences it); `nil` when the text needs none, as plain
    /// text without spacing does. `laidOut` maps a byte offset of the text's string to one of the
    /// laid-out text (which lacks the string's NUL characters).
    static func list(_ format: TextFormat, fonts: TextFonts, laidOut: (Int) -> Int, pins: [Pin]) -> OpaquePointer? {
        var attributes: [UnsafeMutablePointer<PangoAttribute>] = []
        func add(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ range: Range<Int>? = nil, mapped: Bool = true) {
            guard let attribute else { return }
            if let range {
                attribute.pointee.start_index = UInt32(mapped ? laidOut(range.lowerBound) : range.lowerBound)
                attribute.pointee.end_index = UInt32(mapped ? laidOut(range.upperBound) : range.upperBound)
            }
            attributes.append(attribute)
        }
        // The whole text's (an attribute's default range is all of it).
        if format.letterSpacing != 0 { add(pango_attr_letter_spacing_new(pangoUnits(format.letterSpacing))) }
        if format.baselineOffset != 0 { add(pango_attr_rise_new(pangoUnits(format.baselineOffset))) }
        if format.baseFont.hasMonospacedDigits { add(pango_attr_font_features_new("tnum")) }
        for attribute in lines(underline: format.underline, strikethrough: format.strikethrough) { add(attribute) }
        // Each run's.
        for (run, family) in zip(format.runs, fonts.runFamilies) {
            let range = run.start..<run.end
            if let font = run.font.map(format.styled), let family {
                add(description(of: font, family: family).map { description in
                    defer { pango_font_description_free(description) }
                    return pango_attr_font_desc_new(description)  // copies
                }, range)
                if font.hasMonospacedDigits { add(pango_attr_font_features_new("tnum"), range) }
            }
            if let color = run.color {
                add(pango_attr_foreground_new(pangoComponent(color.red), pangoComponent(color.green), pangoComponent(color.blue)), range)
                add(pango_attr_foreground_alpha_new(pangoAlpha(color.opacity)), range)
            }
            if let color = run.background {
                add(pango_attr_background_new(pangoComponent(color.red), pangoComponent(color.green), pangoComponent(color.blue)), range)
                add(pango_attr_background_alpha_new(pangoAlpha(color.opacity)), range)
            }
            if run.kerning != nil || run.tracking != nil {
                let spacing = (run.kerning ?? format.kerning) + (run.tracking ?? format.tracking)
                add(pango_attr_letter_spacing_new(pangoUnits(spacing)), range)
            }
            if let offset = run.baselineOffset { add(pango_attr_rise_new(pangoUnits(offset)), range) }
            for attribute in lines(underline: run.underline, strikethrough: run.strikethrough) { add(attribute, range) }
        }
        for pin in pins { add(pango_attr_family_new(pin.family), pin.range, mapped: false) }
        guard !attributes.isEmpty, let list = pango_attr_list_new() else {
            for attribute in attributes { pango_attribute_destroy(attribute) }
            return nil
        }
        for attribute in attributes { pango_attr_list_insert(list, attribute) }  // takes ownership
        return list
    }

    /// Pango's description of `font` drawn with `family` (owned by the caller).
    static func description(of font: Font, family: String) -> OpaquePointer? {
        guard let description = pango_font_description_new() else { return nil }
        pango_font_description_set_family(description, family)
        pango_font_description_set_absolute_size(description, Double(font.size) * pangoScale)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.fontWeight.value)))
        pango_font_description_set_style(description, font.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        return description
    }

    /// The attributes of an underline and a strikethrough (each with its colour when it has one).
    private static func lines(underline: Text.LineStyle?, strikethrough: Text.LineStyle?) -> [UnsafeMutablePointer<PangoAttribute>?] {
        var attributes: [UnsafeMutablePointer<PangoAttribute>?] = []
        if let underline {
            attributes.append(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE))
            if let c = underline.color {
                attributes.append(pango_attr_underline_color_new(pangoComponent(c.red), pangoComponent(c.green), pangoComponent(c.blue)))
            }
        }
        if let strikethrough {
            attributes.append(pango_attr_strikethrough_new(1))
            if let c = strikethrough.color {
                attributes.append(pango_attr_strikethrough_color_new(pangoComponent(c.red), pangoComponent(c.green), pangoComponent(c.blue)))
            }
        }
        return attributes
    }

    /// A length in points as Pango units (in range: ``TextLayout/problem(_:width:height:)`` checks).
    private static func pangoUnits(_ points: CGFloat) -> Int32 {
        Int32((Double(points) * pangoScale).rounded())
    }

    /// A colour component as Pango's 16 bits (not a number: 0).
    private static func pangoComponent(_ value: Double) -> UInt16 {
        value.isFinite ? UInt16((min(max(value, 0), 1) * 65535).rounded()) : 0
    }

    /// An opacity as Pango's 16-bit alpha, at least 1: Pango reads 0 as "no alpha given".
    private static func pangoAlpha(_ value: Double) -> UInt16 {
        max(pangoComponent(value), 1)
    }
}
