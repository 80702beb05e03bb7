import CPango
import Foundation

/// How a text lays out in a box, with where some of its character ranges (words) land: what a
/// captions layer needs to highlight, reveal or scale one word of a laid-out line.
package struct TextRangeLayout: Sendable, Equatable {
    /// The whole text's measurements, as ``Text/layoutMetrics(in:)`` gives them.
    package var metrics: TextLayoutMetrics
    /// The ink extents (every pixel the glyphs may darken, before antialiasing), in points from the
    /// layout's top-left corner.
    package var inkRect: CGRect
    /// Per range asked for, its logical boxes in points from the layout's top-left corner, one per
    /// line it lies on (top line first); empty for a range that is not drawn (cut by truncation).
    package var rangeBoxes: [[CGRect]]
}

extension Text {
    /// The text laid out in `size`, as ``layoutMetrics(in:)`` lays it out, with the boxes of `ranges`
    /// (ranges of the text's characters). A box is where the range's graphemes sit, in visual order,
    /// so a right-to-left word's box is where Pango placed it.
    ///
    /// - Throws: ``FlipbookError`` when it cannot be laid out: a size out of range, the fonts missing.
    package func layout(in size: CGSize, boxesOf ranges: [Range<String.Index>]) throws -> TextRangeLayout {
        let metrics = try layoutMetrics(in: size)
        return try TextShaper.withShaper { shaper in
            let layout = try shaper.layout(self, width: TextBox.constraint(size.width), height: TextBox.constraint(size.height))
            let boxes = ranges.map { range in Text.boxes(of: range, in: string, layout: layout.layout) }
            return TextRangeLayout(metrics: metrics, inkRect: layout.inkRect, rangeBoxes: boxes)
        }
    }

    /// The union of the boxes of the graphemes of `range`, one per line.
    private static func boxes(of range: Range<String.Index>, in string: String, layout: OpaquePointer) -> [CGRect] {
        var lines: [(y: CGFloat, box: CGRect)] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = string.utf8.distance(from: string.startIndex, to: index)
            index = string.index(after: index)
            guard byte < Int(Int32.max) else { break }
            var position = PangoRectangle()
            pango_layout_index_to_pos(layout, Int32(byte), &position)
            // A right-to-left grapheme has a negative width.
            let box = CGRect(position).standardized
            guard box.width > 0 || box.height > 0 else { continue }
            if let line = lines.firstIndex(where: { $0.y == box.minY }) {
                lines[line].box = lines[line].box.union(box)
            } else {
                lines.append((box.minY, box))
            }
        }
        return lines.sorted { $0.y < $1.y }.map(\.box)
    }
}
