import Foundation

/// A file name with one printf-style frame number in it (`frame-%05d.png`): the naming scheme of
/// image sequences that ffmpeg, Blender and After Effects all read.
package struct FrameNumberPattern: Sendable {
    private var prefix: Substring
    private var suffix: Substring
    private var width: Int

    /// Parses `name`; `nil` unless it holds exactly one `%d` or `%0Nd` (N from 1 to 9) and no other `%`.
    package init?(_ name: String) {
        guard let percent = name.firstIndex(of: "%") else { return nil }
        var cursor = name.index(after: percent)
        var digits = ""
        while cursor < name.endIndex, name[cursor].isASCII, name[cursor].isNumber {
            digits.append(name[cursor])
            cursor = name.index(after: cursor)
        }
        guard cursor < name.endIndex, name[cursor] == "d" else { return nil }
        if !digits.isEmpty {
            guard digits.first == "0", digits.count >= 2, let w = Int(digits.dropFirst()), (1...9).contains(w) else { return nil }
            width = w
        } else {
            width = 0
        }
        prefix = name[..<percent]
        suffix = name[name.index(after: cursor)...]
        guard !prefix.contains("%"), !suffix.contains("%") else { return nil }
    }

    /// The file name of frame `number`.
    package func name(_ number: Int) -> String {
        let digits = String(number)
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return "\(prefix)\(padding)\(digits)\(suffix)"
    }
}
