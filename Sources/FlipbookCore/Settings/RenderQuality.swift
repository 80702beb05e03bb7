import Foundation

/// A one-word trade of speed against quality, like Manim's `-q` flags.
///
/// What a shortcut does to an encoder setting is stated on that setting's row
/// (``Setting/qualityChanges``); settings given explicitly win over the shortcut's, and a codec
/// without the setting keeps its own.
public enum RenderQuality: String, Sendable, Codable, CaseIterable {
    /// Half the pixel size and the fastest preset: for checking timing and layout.
    case draft
    /// The defaults.
    case standard
    /// A slower preset and a lower CRF: smaller artefacts, bigger files, longer renders.
    case high

    /// How much the pixel size is scaled (the canvas in points stays the same).
    public var pixelScale: Double { self == .draft ? 0.5 : 1 }
}

extension Setting {
    /// What a `--quality` shortcut does to a setting the caller did not give.
    public enum QualityChange: Sendable {
        /// The setting takes this value, as written on the command line (`ultrafast`).
        case value(String)
        /// A whole-number setting moves by this much, kept inside the codec's range.
        case offset(Int)
    }
}
