import Foundation

// What the fallback says: once per machine font it draws with, naming the characters and the file,
// and once per character no font has.
extension FontFallback {
    /// The warning for characters drawn with a machine font.
    static func usedMachineFont(_ font: MachineFont, for characters: [String]) -> String {
        "Flipbook's fonts have no glyphs for \(listing(characters)); they are drawn with \"\(font.family)\" "
            + "from this machine's fonts (\(font.file)), so they may look different on another machine."
    }

    /// The warning for characters no font has.
    static func missingEverywhere(_ characters: [String]) -> String {
        let first = characters.first?.unicodeScalars.first.map { String($0.value, radix: 16, uppercase: false) } ?? ""
        let one = characters.count == 1
        return "no font has glyphs for \(listing(characters)); "
            + (one ? "it is drawn as a box showing its code. Install a font that has it (fc-list ':charset=\(first)' lists the fonts that do)."
                   : "they are drawn as boxes showing their codes. Install a font that has them "
                     + "(fc-list ':charset=\(first)' lists the fonts that have the first).")
    }

    /// "日 U+65E5, 本 U+672C"; an invisible character by its code alone; at most ten, then how many more.
    private static func listing(_ characters: [String]) -> String {
        var unique: [String] = []
        for character in characters where !unique.contains(character) { unique.append(character) }
        let shown = unique.prefix(10).map { character in
            let codes = character.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
            let isVisible = character.unicodeScalars.allSatisfy { !$0.properties.generalCategory.isInvisible }
            return isVisible ? character + " " + codes : codes
        }
        let more = unique.count > shown.count ? " and \(unique.count - shown.count) more" : ""
        return shown.joined(separator: ", ") + more
    }

    /// The warnings printed, once per subject.
    final class Warnings: @unchecked Sendable {
        // @unchecked: the fields are only touched under `lock`.
        static let shared = Warnings()
        private let lock = NSLock()
        private var warned: Set<String> = []
        private var printed: [String] = []

        /// The warnings printed so far, in order (each also went to standard error).
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return printed
        }

        /// Prints `message` the first time `subject` is warned about.
        func warn(about subject: String, _ message: @autoclosure () -> String) {
            lock.lock()
            let isNew = warned.insert(subject).inserted
            let text = isNew ? message() : ""
            if isNew { printed.append(text) }
            lock.unlock()
            if isNew { FileHandle.standardError.write(Data("warning: \(text)\n".utf8)) }
        }

        /// Warns about those of `characters` not warned about before, in one message.
        func warn(missingEverywhere characters: [String]) {
            lock.lock()
            let new = characters.filter { warned.insert("missing:" + $0).inserted }
            lock.unlock()
            guard !new.isEmpty else { return }
            let text = FontFallback.missingEverywhere(new)
            lock.lock()
            printed.append(text)
            lock.unlock()
            FileHandle.standardError.write(Data("warning: \(text)\n".utf8))
        }
    }
}

extension Unicode.GeneralCategory {
    /// Whether a character of this category has no glyph of its own: spaces, controls, formats.
    fileprivate var isInvisible: Bool {
        switch self {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .surrogate,
             .privateUse, .unassigned: true
        default: false
        }
    }
}
