import CPango
import Foundation

/// Fonts for the characters none of a text's fonts has: the carried Noto Sans Mono when it has
/// them, else a font of the machine's, found through its fontconfig setup, with a warning naming the
/// characters and the font; a character no font has is a warning too, and stays a box.
///
/// The characters are pinned to the fonts found (and every other part of the text to the font it
/// was already drawn with), so what the carried fonts drew keeps its pixels.
enum FontFallback {
    /// What a layout that lacked glyphs is made again with.
    struct Plan {
        /// The files to add to the text's configuration.
        var files: Set<String>
        /// The family for each part of the laid-out text.
        var pins: [TextAttributes.Pin]
    }

    /// The plan for `text` laid out as `probe` (with no width or height, so every character is
    /// shaped) under a configuration holding `configured`; `nil` when no font has any of its missing
    /// characters. Warns about the characters on standard error (once per font, and once per
    /// character no font has).
    static func plan(_ text: String, probe: OpaquePointer, configured: Set<String>) throws -> Plan? {
        let runs = LayoutFonts(probe)
        guard !runs.missing.isEmpty else { return nil }
        let bytes = Array(text.utf8)
        let clusters = runs.missing.map { range in
            String(decoding: bytes[range.clamped(to: 0..<bytes.count)], as: UTF8.self)
        }
        let mono = try FontConfiguration.monospacedPaths()
        let language = language(of: text)
        var fallbacks: [TextAttributes.Pin] = []
        var files: Set<String> = []
        var drawnWith: [MachineFont: [String]] = [:]
        var nowhere: [String] = []
        // A character is looked up once however often the text has it.
        var found: [String: (family: String, machine: MachineFont?)?] = [:]
        for (range, cluster) in zip(runs.missing, clusters) {
            let font: (family: String, machine: MachineFont?)?
            if let known = found[cluster] {
                font = known
            } else {
                let scalars = Array(cluster.unicodeScalars).filter { !$0.properties.isDefaultIgnorableCodePoint }
                if scalars.isEmpty {
                    font = nil
                } else if !configured.isSuperset(of: mono), Carried.monospacedCovers(scalars) {
                    font = (FontConfiguration.monospacedFamily, nil)
                } else if let machine = MachineFonts.font(for: scalars, language: language, excluding: TextFonts.carriedFamilies) {
                    font = (machine.family, machine)
                    drawnWith[machine, default: []].append(cluster)
                } else {
                    font = nil
                    nowhere.append(cluster)
                }
                found[cluster] = font
            }
            guard let font else { continue }
            if let machine = font.machine {
                files.insert(machine.file)
            } else {
                files.formUnion(mono)
            }
            // Neighbours drawn with one font are one range.
            if let last = fallbacks.last, last.range.upperBound == range.lowerBound, last.family == font.family {
                fallbacks[fallbacks.count - 1].range = last.range.lowerBound..<range.upperBound
            } else {
                fallbacks.append(TextAttributes.Pin(range: range, family: font.family))
            }
        }
        for (font, characters) in drawnWith.sorted(by: { $0.key.family < $1.key.family }) {
            Warnings.shared.warn(about: "font:" + font.file + ":" + font.family, usedMachineFont(font, for: characters))
        }
        Warnings.shared.warn(missingEverywhere: nowhere)
        return files.isEmpty ? nil : Plan(files: files, pins: overlaid(fallbacks, on: runs.families))
    }

    /// The families of `runs` (which do not overlap) with `fallbacks` (each within a run) drawn over
    /// them, in text order, neighbours of one family joined: as few attributes as say the same.
    static func overlaid(_ fallbacks: [TextAttributes.Pin], on runs: [TextAttributes.Pin]) -> [TextAttributes.Pin] {
        var pins: [TextAttributes.Pin] = []
        func add(_ range: Range<Int>, _ family: String) {
            guard !range.isEmpty else { return }
            if let last = pins.last, last.range.upperBound == range.lowerBound, last.family == family {
                pins[pins.count - 1].range = last.range.lowerBound..<range.upperBound
            } else {
                pins.append(TextAttributes.Pin(range: range, family: family))
            }
        }
        let overs = fallbacks.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var next = 0
        for run in runs.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            var at = run.range.lowerBound
            while next < overs.count, overs[next].range.lowerBound < run.range.upperBound {
                let over = overs[next].range.clamped(to: at..<run.range.upperBound)
                add(at..<max(over.lowerBound, at), run.family)
                add(over, overs[next].family)
                at = max(at, over.upperBound)
                // A fallback reaching into the next run goes on there.
                guard overs[next].range.upperBound <= run.range.upperBound else { break }
                next += 1
            }
            add(at..<run.range.upperBound, run.family)
        }
        return pins
    }

    /// The fontconfig language the characters of `text` ask for where it decides between fonts
    /// (Chinese, Japanese and Korean share their Han characters and draw them differently): Japanese
    /// with kana, Korean with hangul; `nil` (the machine's default) otherwise.
    static func language(of text: String) -> String? {
        var hasHangul = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return "ja"
            case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: hasHangul = true
            default: break
            }
        }
        return hasHangul ? "ko" : nil
    }

    /// The carried files outside the shared configuration, read once for the characters they have.
    private enum Carried {
        /// Noto Sans Mono's characters (owned for the process); `nil` when its file cannot be read.
        nonisolated(unsafe) private static let monospaced: OpaquePointer? = {
            guard let path = try? FontConfiguration.monospacedPaths().first, let scratch = FcConfigCreate() else { return nil }
            defer { FcConfigDestroy(scratch) }
            var charset: OpaquePointer?
            guard FcConfigAppFontAddFile(scratch, path) == FcTrue,
                  let fonts = FcConfigGetFonts(scratch, FcSetApplication), fonts.pointee.nfont > 0,
                  let pattern = fonts.pointee.fonts[0],
                  FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset
            else { return nil }
            return FcCharSetCopy(charset)
        }()

        /// Whether Noto Sans Mono has every one of `scalars`.
        static func monospacedCovers(_ scalars: [Unicode.Scalar]) -> Bool {
            guard let monospaced else { return false }
            return scalars.allSatisfy { FcCharSetHasChar(monospaced, $0.value) == FcTrue }
        }
    }
}
