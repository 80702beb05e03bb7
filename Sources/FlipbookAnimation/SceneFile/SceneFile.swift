import FlipbookDrawing
import Foundation

/// A whole timeline described in JSON: canvas, frame rate, length, background, and layers of scenes.
///
/// Every key is optional and falls back to the documented default; unknown keys are errors, so a
/// misspelling is reported rather than ignored. A minimal file is `{"layers": [{"scene": "confetti"}]}`.
///
/// ```json
/// {
///   "size": [390, 844], "scale": 2, "fps": 60, "duration": 3, "background": "white",
///   "layers": [
///     {"scene": "ripples", "touches": [{"time": 0.2, "phase": "down", "point": [120, 300]}]},
///     {"scene": "confetti", "start": 0.5, "seed": 7, "bursts": [{"count": 60}]}
///   ]
/// }
/// ```
///
/// Decode with ``load(from:)`` or ``decode(_:source:)`` (errors name the line and column or the key
/// path), then call ``makeTimeline()`` (range errors name the key path, e.g.
/// `layers[1].bursts[0].count must be between 1 and 100000; it is 500000.`).
public struct SceneFile: Codable, Sendable, Equatable {
    /// The canvas size in points: `[w, h]` or `{"width": w, "height": h}`. Default ``defaultSize``.
    public var size: CGSize?
    /// Pixels per point. Default ``defaultScale``.
    public var scale: Double?
    /// Frames per second. Default ``defaultFPS``.
    public var fps: FrameRate?
    /// Length in seconds. Default ``defaultDuration``.
    public var duration: TimeInterval?
    /// A colour name (`"white"`) or hex string (`"#1c1c1e"`); default none (transparent, which videos
    /// show over white).
    public var background: Color?
    /// The scenes, bottom first. Default none.
    public var layers: [Layer]?

    /// 390 × 844 points, a phone screen in portrait.
    public static let defaultSize = CGSize(width: 390, height: 844)
    /// 2 pixels per point.
    public static let defaultScale = 2.0
    /// 60 frames per second.
    public static let defaultFPS: FrameRate = 60
    /// 3 seconds.
    public static let defaultDuration: TimeInterval = 3
    /// The longest timeline accepted: ``Timeline/maximumDuration``.
    public static let maximumDuration: TimeInterval = Timeline.maximumDuration

    public init(
        size: CGSize? = nil, scale: Double? = nil, fps: FrameRate? = nil, duration: TimeInterval? = nil,
        background: Color? = nil, layers: [Layer]? = nil
    ) {
        self.size = size
        self.scale = scale
        self.fps = fps
        self.duration = duration
        self.background = background
        self.layers = layers
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case size, scale, fps, duration, background, layers }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.stringValue), in: "a scene file")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        size = try c.decodeSize(forKey: .size)
        scale = try c.decodeIfPresent(Double.self, forKey: .scale)
        fps = try c.decodeIfPresent(FrameRate.self, forKey: .fps)
        duration = try c.decodeIfPresent(Double.self, forKey: .duration)
        background = try c.decodeIfPresent(Color.self, forKey: .background)
        layers = try c.decodeIfPresent([Layer].self, forKey: .layers)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if let size { try c.encodeSize(size, forKey: .size) }
        try c.encodeIfPresent(scale, forKey: .scale)
        try c.encodeIfPresent(fps, forKey: .fps)
        try c.encodeIfPresent(duration, forKey: .duration)
        try c.encodeIfPresent(background, forKey: .background)
        try c.encodeIfPresent(layers, forKey: .layers)
    }

    /// The file as pretty-printed JSON with sorted keys.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
