import FlipbookAnimation
import FlipbookCore
import FlipbookDrawing
import Foundation

/// Which scene to draw and how to shape its timeline, as a command line or a batch job asks for
/// it: a built-in scene (`confetti`, `ripples`) or a scene file, with optional overrides.
///
/// Every override is checked by the same code that checks a scene file (``Timeline``), and a bad
/// one is reported with its own key path (`fps`, `size`, ...), which the command line turns into its
/// flag (`--fps`) and a batch file into the job's key path (`jobs[2].fps`). A bad value that came
/// from the scene file is reported at that file instead.
public struct SceneRequest: Sendable, Equatable {
    /// `confetti`, `ripples`, the path of a JSON scene file, or of a Lottie animation (`.json` or `.lottie`).
    public var scene: String
    /// The output in pixels; the canvas in points is this ÷ the scale.
    public var size: PixelSize?
    /// Pixels per point.
    public var scale: Double?
    /// Frames per second.
    public var fps: FrameRate?
    /// Length in seconds.
    public var duration: TimeInterval?
    /// Replaces the seed of every randomised part of the scene.
    public var seed: UInt64?
    /// The colour under every frame.
    public var background: Color?
    /// The appearance semantic and asset-catalog colours draw in.
    public var colorScheme: ColorScheme?
    /// Motion blur for every layer without its own (``Timeline/motionBlur``).
    public var motionBlur: MotionBlur?
    /// The integrated loudness the sound is brought to, in LUFS (`--loudness`).
    public var loudness: Double?
    /// Values for the scene file's template parameters, by name, as `--set NAME=VALUE` gives them
    /// (``SceneFile/with(_:)``).
    public var parameterValues: [String: String] = [:]
    /// Whether every Lottie layer reads its file strictly, a part rlottie does not draw an error
    /// (`--strict`; ``SceneFile/makeLottieStrict()``). Default false: each layer's own `strict`.
    public var strictLottie = false
    /// The scene file already read, so that many requests for one template (the rows of a data
    /// batch) read and parse it once, or so that a preview keeps drawing the last version that read
    /// while the file on disk has an error (Flipbook Studio); `nil` reads ``scene`` from disk.
    public var loadedFile: SceneFile?

    /// The built-in scenes, by name (``ScenePreset``'s).
    public static let builtInScenes = ScenePreset.allCases.map(\.rawValue)

    /// A request for `scene` with the given overrides; `nil` keeps the scene's own value.
    public init(
        scene: String, size: PixelSize? = nil, scale: Double? = nil, fps: FrameRate? = nil,
        duration: TimeInterval? = nil, seed: UInt64? = nil, background: Color? = nil, colorScheme: ColorScheme? = nil
    ) {
        self.scene = scene
        self.size = size
        self.scale = scale
        self.fps = fps
        self.duration = duration
        self.seed = seed
        self.background = background
        self.colorScheme = colorScheme
    }

    /// The key paths this request sets, which errors about them are placed at: the settings whose
    /// field this request carries and holds a value for.
    public var overriddenKeys: Set<String> {
        Set(Setting.timelineSettings.compactMap { row in row.field?.text(in: self) != nil ? row.key : nil })
    }

    /// Whether ``scene`` names a built-in scene rather than a file.
    public var isBuiltIn: Bool { Self.builtInScenes.contains(scene.lowercased()) }

    /// The scene file's URL, relative paths resolved against `directory`; `nil` for a built-in scene.
    public func sceneFileURL(relativeTo directory: URL? = nil) -> URL? {
        isBuiltIn ? nil : URL(fileURLWithPath: scene, relativeTo: directory).standardizedFileURL
    }

    /// The scene file this request describes: a preset laid out for the final canvas, or the file
    /// read from disk, with the overrides applied.
    public func sceneFile(relativeTo directory: URL? = nil) throws -> SceneFile {
        func canvas(scale: Double) -> CGSize? { size?.points(scale: scale) }
        var file: SceneFile
        if isBuiltIn {
            // The presets lay themselves out for their canvas, so they are built at the final size.
            let scale = self.scale ?? SceneFile.defaultScale
            let points = canvas(scale: scale) ?? SceneFile.defaultSize
            file = try ScenePreset(named: scene).sceneFile(
                size: points, duration: duration, seed: seed ?? 0, background: background ?? .white)
        } else {
            file = try loadedFile ?? readSceneFile(relativeTo: directory)
            // Values first: they re-read the file from its template, which would undo the overrides.
            if !parameterValues.isEmpty { file = try file.with(parameterValues) }
            if let seed { file.overrideSeed(seed) }
            if let points = canvas(scale: scale ?? file.scale ?? SceneFile.defaultScale) { file.size = points }
        }
        if isBuiltIn, let name = parameterValues.keys.sorted().first {
            throw FlipbookError(invalid: name, "is not a parameter: built-in scenes have none; templates are scene files.",
                                at: .init(keyPath: name))
        }
        if let scale { file.scale = scale }
        if let fps { file.fps = fps }
        if let duration { file.duration = duration }
        if let background { file.background = background }
        if let colorScheme { file.colorScheme = colorScheme }
        if let motionBlur { file.motionBlur = motionBlur }
        if let loudness { file.loudness = loudness }
        if strictLottie { file.makeLottieStrict() }
        return file
    }

    /// The scene file ``scene`` names, read from disk.
    public func readSceneFile(relativeTo directory: URL? = nil) throws -> SceneFile {
        guard let url = sceneFileURL(relativeTo: directory) else { throw FlipbookError.internal("no scene file") }
        if SceneBundle.isBundle(url) { return try SceneBundle.sceneFile(at: url) }
        let lottieExtensions = [LottieAnimation.containerExtension, LottieAnimation.stickerExtension]
        guard scene.lowercased().hasSuffix(".json") || lottieExtensions.contains(url.pathExtension.lowercased())
                || FileManager.default.fileExists(atPath: url.path) else {
            throw FlipbookError(
                .invalidInput,
                "Unknown scene '\(scene)': use \(Self.builtInScenes.map { "'\($0)'" }.joined(separator: ", ")) "
                    + "or the path of a JSON scene file.\(didYouMean(scene, among: Self.builtInScenes))")
        }
        let lottie = lottieExtensions.contains(url.pathExtension.lowercased())
        guard !lottie else { return try SceneFile.lottie(contentsOf: url, strict: strictLottie) }
        let data = try readInputFile(url, what: "scene file")
        // A Lottie animation given as the scene plays on its own: its size, rate and length.
        if SceneFile.isLottie(data) { return try SceneFile.lottie(contentsOf: url, strict: strictLottie) }
        return try SceneFile.decode(data, source: url.path, baseDirectory: url.deletingLastPathComponent())
    }

    /// The timeline to render, every value checked. An error about a value the file gave is placed
    /// at the file; one about an override keeps the override's key path for the caller to place.
    public func makeTimeline(relativeTo directory: URL? = nil) throws -> Timeline {
        // Reading and decoding name the file themselves; only the timeline's checks need placing.
        let file = try sceneFile(relativeTo: directory)
        do {
            return try file.makeTimeline()
        } catch let error as FlipbookError {
            throw placed(error, relativeTo: directory)
        }
    }

    /// Whether `keyPath`'s value is one this request sets (`fps`, or a part of one, `motionBlur.shutter`).
    func isOverridden(_ keyPath: String) -> Bool {
        let keys = overriddenKeys
        return keys.contains(keyPath) || keys.contains(Setting.key(ofKeyPath: keyPath))
    }

    /// `error` placed at the scene file when it is about a value the file gave, and taken off the file
    /// (which places every error about its keys) when it is about an override, for the caller to place
    /// at its flag or key; for a built-in scene, an error inside its layers is the preset refusing the
    /// override that made it (a duration shorter than its script), so it is explained as that override's.
    public func placed(_ error: FlipbookError, relativeTo directory: URL? = nil) -> FlipbookError {
        let keyPath = error.location.keyPath
        if let keyPath, isOverridden(keyPath) { return error.detachedFromFile() }
        guard error.location.file == nil else { return error }
        if let url = sceneFileURL(relativeTo: directory) { return error.at(file: url.path) }
        let (key, value) = duration.map { ("duration", "\(formatNumber($0)) s") } ?? size.map { ("size", "\($0)") }
            ?? ("", "")
        guard !key.isEmpty, error.kind == .invalidInput, (keyPath ?? error.message).hasPrefix("layers") else { return error }
        return FlipbookError(
            invalid: "The \(key)", "of \(value) does not suit the built-in \(scene.lowercased()) scene: \(error.message)",
            at: .init(keyPath: key))
    }
}
