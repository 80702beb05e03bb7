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
        guard let iterator = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iterator) }
        let unknown = flipbook_pango_glyph_unknown_flag()
        repeat {
            // A line's end has no run.
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                  let glyphs = run.pointee.glyphs
            else { continue }
            let start = Int(item.pointee.offset), end = start + Int(item.pointee.length)
            if let font = item.pointee.analysis.font, let description = pango_font_describe(font) {
                if let family = pango_font_description_get_family(description) {
                    families.append(TextAttributes.Pin(range: start..<end, family: String(cString: family)))
                }
                pango_font_description_free(description)
            }
            let count = Int(glyphs.pointee.num_glyphs)
            guard count > 0, let infos = glyphs.pointee.glyphs, let clusters = glyphs.pointee.log_clusters,
                  (0..<count).contains(where: { infos[$0].glyph & unknown != 0 })
            else { continue }
            // A cluster runs from its first byte to the next cluster's (glyphs are in visual order).
            let starts = Set((0..<count).map { start + Int(clusters[$0]) }).sorted()
            for index in 0..<count where infos[index].glyph & unknown != 0 {
                let first = start + Int(clusters[index])
                let next = starts.first { $0 > first } ?? end
                if !missing.contains(first..<next) { missing.append(first..<next) }
            }
        } while pango_layout_iter_next_run(iterator) != 0
        missing.sort { $0.lowerBound < $1.lowerBound }
    }

    /// Whether `layout` drew a box for a character no font had; cheaper than reading its runs.
    static func hasMissingGlyphs(_ layout: OpaquePointer) -> Bool {
        pango_layout_get_unknown_glyphs_count(layout) > 0
    }
}
