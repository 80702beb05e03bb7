import CPango
import Foundation

/// What a Pango layout drew the parts of its text with: the family of each run's font, and the
/// clusters it had no glyph for (drawn as boxes showing their code).
struct LayoutFonts {
    /// Byte ranges of the laid-out text and the family of the font each was shaped with, in the
    /// order the runs are drawn.
    var families: [TextAttributes.Pin] = []
    /// Byte ranges of the clusters no font had, in text order.
    var missing: [Range<Int>] = []

    /// The runs of `layout`.
    init(_ layout: OpaquePointer) {
        let unknown = flipbook_pango_glyph_unknown_flag()
        var found: [Range<Int>] = []
        // Pango describes a font by querying fontconfig: once per font, not once per run.
        var familyOfFont: [UnsafeMutablePointer<PangoFont>: String] = [:]
        var lines = pango_layout_get_lines_readonly(layout)
        while let line = lines {
            lines = line.pointee.next
            var runs = line.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self).pointee.runs
            while let node = runs {
                runs = node.pointee.next
                guard let run = node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                      let item = run.pointee.item, let glyphs = run.pointee.glyphs
                else { continue }
                let start = Int(item.pointee.offset), end = start + Int(item.pointee.length)
                if let font = item.pointee.analysis.font {
                    if familyOfFont[font] == nil, let description = pango_font_describe(font) {
                        familyOfFont[font] = pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
                        pango_font_description_free(description)
                    }
                    if let family = familyOfFont[font], !family.isEmpty {
                        families.append(TextAttributes.Pin(range: start..<end, family: family))
                    }
                }
                let count = Int(glyphs.pointee.num_glyphs)
                guard count > 0, let infos = glyphs.pointee.glyphs, let clusters = glyphs.pointee.log_clusters else { continue }
                // Glyphs are in visual order: clusters rise left to right, or fall in right-to-left text.
                // A cluster runs from its first byte to the next cluster's.
                let rightToLeft = item.pointee.analysis.level % 2 == 1
                var index = 0
                while index < count {
                    var after = index + 1
                    while after < count, clusters[after] == clusters[index] { after += 1 }
                    if (index..<after).contains(where: { infos[$0].glyph & unknown != 0 }) {
                        let following = rightToLeft ? (index > 0 ? Int(clusters[index - 1]) : nil)
                                                    : (after < count ? Int(clusters[after]) : nil)
                        found.append((start + Int(clusters[index]))..<(following.map { start + $0 } ?? end))
                    }
                    index = after
                }
            }
        }
        missing = found.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Whether `layout` drew a box for a character no font had; cheaper than reading its runs.
    static func hasMissingGlyphs(_ layout: OpaquePointer) -> Bool {
        pango_layout_get_unknown_glyphs_count(layout) > 0
    }
}
