import Foundation

/// A bundle's `manifest.json`: which entry is the scene, every other file with its SHA-256 digest,
/// the font families it carries, and the Flipbook version that made it.
///
/// ```json
/// {"format": 1, "flipbook": "0.1.0", "scene": "scene/card.json",
///  "files": [{"path": "scene/card.json", "sha256": "…", "size": 812}, …],
///  "fonts": [{"family": "DejaVu Serif", "files": ["fonts/1/DejaVuSerif.ttf"]}]}
/// ```
public struct BundleManifest: Codable, Sendable, Equatable {
    /// One file of the bundle and its digest.
    public struct File: Codable, Sendable, Equatable {
        /// The entry's name in the archive.
        public var path: String
        /// Its SHA-256, 64 lowercase hexadecimal digits.
        public var sha256: String
        /// Its size in bytes.
        public var size: Int
    }

    /// A font family the scene names and the bundle carries, with the entries holding its files.
    public struct FontFamily: Codable, Sendable, Equatable {
        /// The family's name, as the scene's `font.family` gives it.
        public var family: String
        /// The entries holding its files (`fonts/N/NAME.ttf`), sorted.
        public var files: [String]
    }

    /// The manifest's own format; readers refuse a later one.
    public var format: Int
    /// The version of Flipbook that made the bundle.
    public var flipbook: String
    /// The entry holding the scene file.
    public var scene: String
    /// Every file but the manifest, sorted by path.
    public var files: [File]
    /// The font families carried, sorted by name.
    public var fonts: [FontFamily]

    /// The format this version writes and reads.
    public static let currentFormat = 1
    /// The manifest's entry name.
    public static let entryName = "manifest.json"

    /// The manifest as written: sorted keys, so the same files make the same bytes.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
