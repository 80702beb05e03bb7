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
}

extension Text {
    /// The text laid out in `size`, wrapped to its width and cut to its height and line limit (an
    /// infinite side does not constrain).
    ///
    /// - Throws: ``FlipbookError`` when it cannot be laid out: a size out of range, the fonts missing.
    package func layoutMetrics(in size: CGSize) throws -> TextLayoutMetrics {
        try TextShaper.withShaper { shaper in
            let layout = try TextLayout(self, width: TextBox.constraint(size.width), height: TextBox.constraint(size.height),
                                        shaper: shaper)
            return TextLayoutMetrics(
                size: layout.logicalRect.size, lineCount: Int(pango_layout_get_line_count(layout.layout)),
                isTruncated: pango_layout_is_ellipsized(layout.layout) != 0)
        }
    }
}
