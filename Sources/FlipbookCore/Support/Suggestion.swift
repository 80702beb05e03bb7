/// " Did you mean 'medium'?" when one of `candidates` is within two edits of `word` (ignoring case),
/// else "". Every "did you mean" — keys, scene names, presets, colour names, subcommands — comes
/// from here, so they all read alike.
package func didYouMean(_ word: String, among candidates: [String]) -> String {
    closestMatch(to: word, among: candidates).map { " Did you mean '\($0)'?" } ?? ""
}

/// The candidate nearest `word` by edit distance, if it is within `maximumDistance` edits.
package func closestMatch(to word: String, among candidates: [String], maximumDistance: Int = 2) -> String? {
    let scored = candidates.map { (candidate: $0, distance: editDistance($0, word)) }
    guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= maximumDistance,
          best.distance < max(word.count, 1)
    else { return nil }
    return best.candidate
}

/// Edit distance between two strings, ignoring case: insertions, deletions, substitutions and swaps
/// of two neighbouring letters each count one (the optimal-string-alignment distance), so "sede"
/// is one edit from "seed" but two from "scene".
package func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased()), b = Array(b.lowercased())
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        beforePrevious = previous
        previous = current
    }
    return previous[b.count]
}
