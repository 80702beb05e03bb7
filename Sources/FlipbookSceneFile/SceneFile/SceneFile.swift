import FlipbookAnimation
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
/// Decode with ``load(from:)`` or ``decode(_:source:)``, then call ``makeTimeline()``. Every error is
/// a ``FlipbookError`` of kind ``FlipbookError/Kind/invalidInput`` placed at the file, line and column
/// of the offending value and naming its key path: `party.json:12:7: layers[1].bursts[0].count must be
/// between 1 and 100000 particles; it is 500000.` The keys, defaults and limits are listed by
/// ``SceneReference`` (and `flipbook scenes`).
public struct SceneFile: Sendable, Equatable {
    /// The canvas size in points: `[w, h]` or `{"width": w, "height": h}`. Default ``defaultSize``.
    public var size: CGSize? { didSet { origin?.forget("size") } }
    /// Pixels per point. Default ``defaultScale``.
    public var scale: Double? { didSet { origin?.forget("scale") } }
    /// Frames per second. Default ``defaultFPS``.
    public var fps: FrameRate? { didSet { origin?.forget("fps") } }
    /// Length in seconds. Default ``defaultDuration``. Setting it clears ``durationIsAuto``.
    public var duration: TimeInterval? {
        didSet {
            origin?.forget("duration")
            if duration != nil { durationIsAuto = false }
        }
    }
    /// Whether the clip ends where its last layer ends (`"duration": "auto"`): a layer's `end`, or a
    /// video or audio layer's trimmed media (``NaturalLengthScene``). Default false.
    public var durationIsAuto = false
    /// A colour name (`"white"`) or hex string (`"#1c1c1e"`); default none (transparent, which videos
    /// show over white).
    public var background: Color? { didSet { origin?.forget("background") } }
    /// `"light"` or `"dark"`: the appearance semantic and asset-catalog colours draw in. Default light.
    public var colorScheme: ColorScheme? { didSet { origin?.forget("colorScheme") } }
    /// Asset catalogs (`.xcassets` folders) for `Color("Name")`, relative to the scene file's folder
    /// (to the current directory for a file not read from disk). Default none.
    public var assets: [String]? { didSet { origin?.forget("assets") } }
    /// Motion blur for every layer without its own (see ``MotionBlur``). Default none.
    public var motionBlur: MotionBlur? { didSet { origin?.forget(Setting.motionBlur.key) } }
    /// The integrated loudness the sound is brought to, in LUFS (see ``Timeline/loudness``). Default none.
    public var loudness: Double? { didSet { origin?.forget("loudness") } }
    /// The folder relative `assets` paths start from: the scene file's, when it was read by
    /// ``load(from:)``; `nil` for the current directory.
    public var baseDirectory: URL?
    /// The scenes, bottom first. Default none.
    public var layers: [Layer]? {
        // Positions stay right while the layers stay where they were (a seed override, say).
        didSet { if layers?.count != oldValue?.count { origin?.forget("layers") } }
    }
    /// Where each value was in the file it was read from, to place errors found later.
    var origin: SourceOrigin?
    /// Pictures decoded for earlier timelines of this file or its template, reused (see
    /// ``sharingPictures()``); `nil`: each timeline decodes its own.
    var sharedPictures: PictureCache?
    /// The template this file was made from, when it declares `"parameters"`: kept so that
    /// ``with(_:)`` can give it other values without reading the file again.
    var template: SceneTemplate?

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

    /// A scene file with the given values; `nil` keys take their documented defaults.
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

    /// Files are equal when they describe the same timeline, wherever they were read from. A
    /// template still waiting for a value describes no timeline yet: it equals only the same
    /// template with the same values.
    public static func == (a: SceneFile, b: SceneFile) -> Bool {
        a.size == b.size && a.scale == b.scale && a.fps == b.fps && a.duration == b.duration
            && a.durationIsAuto == b.durationIsAuto
            && a.background == b.background && a.colorScheme == b.colorScheme && a.assets == b.assets
            && a.motionBlur == b.motionBlur
            && a.loudness == b.loudness
            && a.layers == b.layers && a.unresolvedTemplate == b.unresolvedTemplate
    }

    /// The file as pretty-printed JSON, leaving out what is not set. A template with every value it
    /// needs is written as the scene its values make; one still waiting for a value, as the template.
    public func jsonData() throws -> Data {
        let json = unresolvedTemplate?.tree ?? ValueCodec<SceneFile>.sceneFile.write(self)
        return Data((json.text() + "\n").utf8)
    }
}

extension SceneFile: Codable {
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        if json.members?.contains(where: { $0.key == "parameters" }) == true {
            self = try SceneFile.read(try SceneTemplate(json: json, bytes: [], source: "the scene file"), baseDirectory: nil)
        } else {
            self = try ValueCodec<SceneFile>.sceneFile.read(json, "", ValueCodec<SceneFile>.sceneFile.expected)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try (unresolvedTemplate?.tree ?? ValueCodec<SceneFile>.sceneFile.write(self)).encode(to: encoder)
    }
}

/// Where a scene file's values were: its name, each key path's line and column, and each value as
/// written, so an error about a value checked after reading shows it as the file has it (`1e999`,
/// `[0, 5]`).
struct SourceOrigin: Sendable {
    var source: String
    var positions: [String: (line: Int, column: Int, written: String)]

    /// Records every value under `json`, whose key path is `keyPath`.
    init(source: String, json: JSONValue) {
        self.source = source
        positions = [:]
        record(json, keyPath: "")
    }

    private mutating func record(_ json: JSONValue, keyPath: String) {
        if json.line > 0 { positions[keyPath] = (json.line, json.column, json.members == nil ? json.literalText : "") }
        for member in json.members ?? [] { record(member.value, keyPath: joinKeyPath(keyPath, member.key)) }
        for (index, element) in (json.elements ?? []).enumerated() { record(element, keyPath: "\(keyPath)[\(index)]") }
    }

    /// Drops the positions under `key`, whose value no longer comes from the file (a flag replaced it),
    /// so an error about it is not pinned to the line that held the old value.
    mutating func forget(_ key: String) {
        positions = positions.filter { path, _ in
            !(path == key || path.hasPrefix(key + ".") || path.hasPrefix(key + "["))
        }
        positions[key] = nil
    }

    /// `keyPath` as the file wrote it: a list the file gave as one object (`"trail": {…}`) is
    /// `trail[0]` to the checks and `trail` in the file.
    private func writtenPath(_ keyPath: String) -> String {
        var path = keyPath
        var searchStart = path.startIndex
        while let zero = path.range(of: "[0]", range: searchStart..<path.endIndex) {
            let list = String(path[..<zero.lowerBound])
            if positions[list + "[0]"] == nil, positions[list] != nil {
                path.removeSubrange(zero)
                searchStart = zero.lowerBound
            } else {
                searchStart = zero.upperBound
            }
        }
        return path
    }

    /// `error` placed in the file: at its key path's value, showing the value as written, or at the
    /// nearest enclosing one written.
    func place(_ error: FlipbookError) -> FlipbookError {
        guard error.location.file == nil else { return error }
        var path = writtenPath(error.location.keyPath ?? "")
        if let position = positions[path], !position.written.isEmpty {
            return error.writtenAs(position.written).at(file: source, line: position.line, column: position.column)
        }
        while !path.isEmpty {
            if let position = positions[path] {
                return error.at(file: source, line: position.line, column: position.column)
            }
            // layers[1].bursts[0].count → layers[1].bursts[0] → layers[1].bursts → layers[1] → layers
            if path.hasSuffix("]"), let open = path.lastIndex(of: "[") {
                path = String(path[..<open])
            } else if let dot = path.lastIndex(of: ".") {
                path = String(path[..<dot])
            } else {
                path = ""
            }
        }
        return error.at(file: source)
    }
}
