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

/// Levenshtein distance between two strings, ignoring case.
package func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased()), b = Array(b.lowercased())
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
