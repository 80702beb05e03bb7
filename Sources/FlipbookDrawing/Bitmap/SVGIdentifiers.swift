import Foundation

/// Cairo names some SVG elements after its process-wide surface counter (`surface114`, `image139`),
/// so the same drawing written twice in one process, or after other drawing, gave different bytes.
/// Renumbering those names in order of first appearance makes an SVG depend only on its drawing.
/// Cairo's other names (`clip3`, `pattern0`, `glyph0-1`, …) already count per document.
enum SVGIdentifiers {
    /// The families named after the global counter.
    private static let pattern = try? NSRegularExpression(pattern: "(id=\"|#)(surface|image)([0-9]+)(?=[\")])")

    /// `svg` with every `surfaceN` and `imageN` identifier, and each reference to it, renumbered from 1
    /// per family in order of first appearance. Only identifiers (`id="…"`) and references (`#…"`,
    /// `#…)`) match, never text inside embedded data.
    static func renumbered(_ svg: String) -> String {
        guard let pattern else { return svg }
        let text = svg as NSString
        var result = ""
        result.reserveCapacity(text.length)
        var numbers: [String: Int] = [:]
        var counts: [String: Int] = [:]
        var copied = 0
        for match in pattern.matches(in: svg, range: NSRange(location: 0, length: text.length)) {
            let family = text.substring(with: match.range(at: 2))
            let old = family + text.substring(with: match.range(at: 3))
            let number: Int
            if let known = numbers[old] {
                number = known
            } else {
                number = (counts[family] ?? 0) + 1
                counts[family] = number
                numbers[old] = number
            }
            let prefix = match.range(at: 1)
            result += text.substring(with: NSRange(location: copied, length: prefix.location + prefix.length - copied))
            result += family + String(number)
            copied = match.range.location + match.range.length
        }
        result += text.substring(from: copied)
        return result
    }
}
