import CPango
import Foundation

/// How a text lays out in a box, as `draw(_:in:)` lays it out: what a text layer needs to decide
/// whether the text fits, and at which font size.
package struct TextLayoutMetrics: Sendable, Equatable {
    /// The logical size (advance widths and line heights), in points.
    package var size: CGSize
    /// The number of lines.
    package var lineCount: Int
    /// Whether some characters gave way to an ellipsis.
    package var isTruncated: Bool
    /// Whether a word wider than the box was broken between two of its characters.
    package var breaksWithinWord: Bool
}

extension Text {
    /// The text laid out in `size`, wrapped to its width and cut to its height and line limit (an
    /// infinite side does not constrain).
    ///
    /// - Throws: ``FlipbookError`` when it cannot be laid out: a size out of range, the fonts missing.
    package func layoutMetrics(in size: CGSize) throws -> TextLayoutMetrics {
        try TextShaper.withShaper { shaper in
            // Not kept among the shaper's recent layouts: a fit measures many sizes once each, which
            // would push out the texts drawn frame after frame.
            let layout = try TextLayout(self, width: TextBox.constraint(size.width), height: TextBox.constraint(size.height),
                                        shaper: shaper)
            return TextLayoutMetrics(
                size: layout.logicalRect.size, lineCount: Int(pango_layout_get_line_count(layout.layout)),
                isTruncated: pango_layout_is_ellipsized(layout.layout) != 0,
                breaksWithinWord: Text.breaksWithinWord(layout.layout))
        }
    }

    /// Whether a line of `layout` starts where the Unicode line-breaking rules allow no break: Pango
    /// broke an over-wide word between characters.
    private static func breaksWithinWord(_ layout: OpaquePointer) -> Bool {
        var attributeCount: Int32 = 0
        guard let attributes = pango_layout_get_log_attrs_readonly(layout, &attributeCount),
              let text = pango_layout_get_text(layout)
        else { return false }
        for index in 1..<max(pango_layout_get_line_count(layout), 1) {
            guard let line = pango_layout_get_line_readonly(layout, index),
                  pango_layout_line_is_paragraph_start(line) == 0
            else { continue }
            let offset = Int(g_utf8_pointer_to_offset(text, text + Int(pango_layout_line_get_start_index(line))))
            if offset < Int(attributeCount), attributes[offset].is_line_break == 0 { return true }
        }
        return false
    }
}
