import FlipbookAnimation
import FlipbookCore
import FlipbookVideo

/// A one-word trade of speed against quality, like Manim's `-q` flags: the one table the command
/// line's `--quality` (and anything else that offers the shortcut) reads.
///
/// Settings given explicitly win over the shortcut's; a codec without a CRF or preset keeps its own.
public enum RenderQuality: String, Sendable, Codable, CaseIterable {
    /// Half the pixel size and the fastest preset: for checking timing and layout.
    case draft
    /// The defaults.
    case standard
    /// A slower preset and a lower CRF: smaller artefacts, bigger files, longer renders.
    case high

    /// The shortcut's settings, in one place.
    private var settings: (pixelScale: Double, preset: X264Preset?, crfChange: Int) {
        switch self {
        case .draft: (0.5, .ultrafast, 0)
        case .standard: (1, nil, 0)
        case .high: (1, .slow, -4)
        }
    }

    /// How much the pixel size is scaled (the canvas in points stays the same).
    public var pixelScale: Double { settings.pixelScale }

    /// `timeline` drawn at this quality's pixel size.
    public func applied(to timeline: Timeline) -> Timeline {
        var timeline = timeline
        timeline.scale *= pixelScale
        return timeline
    }

    /// `options` with this quality's preset and CRF, where `codec` has them and the caller did not
    /// give them (`given` holds the keys given, ``RenderRequest/givenKeys``).
    public func applied(to options: VideoOptions, codec: VideoCodec, given: Set<String>) -> VideoOptions {
        var options = options
        let capabilities = codec.capabilities
        if !given.contains(Setting.preset.key), capabilities.hasPreset, let preset = settings.preset {
            options.preset = preset.rawValue
        }
        if !given.contains(Setting.crf.key), let range = capabilities.crfRange, settings.crfChange != 0 {
            options.crf = min(max(options.crf + settings.crfChange, range.lowerBound), range.upperBound)
        }
        return options
    }
}
