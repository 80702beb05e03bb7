import ArgumentParser
import Flipbook
import FlipbookDrawing
import Foundation

/// A pixel size written `WIDTHxHEIGHT`, e.g. `1080x1920`.
struct PixelSize: ExpressibleByArgument, Equatable, Decodable {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        self.init(width: width, height: height)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let size = PixelSize(argument: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a size: write WIDTHxHEIGHT in pixels, e.g. \"1080x1920\"")
        }
        self = size
    }

    static let maximum = Bitmap.maximumDimension
}

extension FrameRate: ExpressibleByArgument {
    public init?(argument: String) {
        try? self.init(parsing: argument)
    }
}

extension Color: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(named: argument)
    }
}

/// Which scene to draw and how its timeline is shaped: the options `render` and `still` share.
struct SceneOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "The scene: 'confetti', 'ripples', or a JSON scene file.",
        valueName: "confetti|ripples|FILE.json"))
    var scene: String

    @Option(help: ArgumentHelp(
        "Output size in pixels, WIDTHxHEIGHT. The canvas in points is this size divided by --scale. (default: 780x1688, or the scene file's)",
        valueName: "WxH"))
    var size: PixelSize?

    @Option(help: "Pixels per point: how much larger than the canvas the frames are. (default: 2, or the scene file's)")
    var scale: Double?

    @Option(help: ArgumentHelp("Frames per second: 30, 29.97 or 30000/1001. (default: 60, or the scene file's)", valueName: "rate"))
    var fps: FrameRate?

    @Option(help: "Length in seconds. (default: 3 for confetti, 6 for ripples, or the scene file's)")
    var duration: Double?

    @Option(help: "Seed for the scene's randomness: the same seed gives the same pixels. (default: 0, or the scene file's)")
    var seed: UInt64?

    @Option(help: "Background: a SwiftUI colour name (white, black, ...) or a hex string like '#1c1c1e'. (default: white, or the scene file's)")
    var background: Color?

    func validate() throws {
        if let size {
            guard (1...PixelSize.maximum).contains(size.width), (1...PixelSize.maximum).contains(size.height) else {
                throw ValidationError(
                    "--size must be between 1x1 and \(PixelSize.maximum)x\(PixelSize.maximum) pixels; it is \(size.width)x\(size.height).")
            }
        }
        if let scale, !(scale.isFinite && scale > 0 && scale <= 100) {
            throw ValidationError("--scale must be greater than 0 and at most 100; it is \(scale).")
        }
        if let duration, !(duration.isFinite && duration > 0 && duration <= SceneFile.maximumDuration) {
            throw ValidationError("--duration must be greater than 0 and at most \(Int(SceneFile.maximumDuration)) seconds; it is \(duration).")
        }
    }

    /// The scene file this command describes: a preset or a loaded file, with the options applied.
    func sceneFile(relativeTo directory: URL? = nil) throws -> SceneFile {
        // --size is in pixels; the canvas in points is that divided by the scale.
        func canvas(scale: Double) -> CGSize? {
            size.map { CGSize(width: Double($0.width) / scale, height: Double($0.height) / scale) }
        }
        var file: SceneFile
        switch scene.lowercased() {
        case "confetti", "ripples":
            // The presets lay themselves out for their canvas, so they are built at the final size.
            let scale = self.scale ?? SceneFile.defaultScale
            let points = canvas(scale: scale) ?? SceneFile.defaultSize
            file = scene.lowercased() == "confetti"
                ? SceneFile.defaultConfetti(size: points, duration: duration ?? 3, seed: seed ?? 0, background: background ?? .white)
                : SceneFile.defaultRipples(size: points, duration: duration ?? 6, seed: seed ?? 0, background: background ?? .white)
        default:
            guard scene.lowercased().hasSuffix(".json") || FileManager.default.fileExists(atPath: scene) else {
                throw UsageError(
                    "Unknown scene '\(scene)': use 'confetti', 'ripples', or the path of a JSON scene file. "
                        + "Run 'flipbook scenes' to list the scenes.")
            }
            file = try SceneFile.load(from: URL(fileURLWithPath: scene, relativeTo: directory))
            if let seed { file.overrideSeed(seed) }
            if let points = canvas(scale: scale ?? file.scale ?? SceneFile.defaultScale) { file.size = points }
        }
        file.scale = scale ?? file.scale ?? SceneFile.defaultScale
        if let fps { file.fps = fps }
        if let duration { file.duration = duration }
        if let background { file.background = background }
        return file
    }

    /// The timeline to render, every value checked.
    func timeline(relativeTo directory: URL? = nil) throws -> Timeline {
        try asUsage { try sceneFile(relativeTo: directory).makeTimeline() }
    }
}

extension SceneFile {
    /// Replaces the seed of every randomised part of the file (confetti layers and ripple rain).
    mutating func overrideSeed(_ seed: UInt64) {
        guard var layers else { return }
        for index in layers.indices {
            switch layers[index].content {
            case .confetti(var parameters):
                parameters.seed = seed
                layers[index].content = .confetti(parameters)
            case .ripples(var parameters):
                if var rain = parameters.rain {
                    for drop in rain.indices { rain[drop].seed = seed &+ UInt64(drop) }
                    parameters.rain = rain
                    layers[index].content = .ripples(parameters)
                }
            }
        }
        self.layers = layers
    }
}

/// The encoder settings `render` accepts.
struct EncodingOptions: ParsableArguments {
    @Option(help: "x264 constant rate factor, 0 (lossless) to 51; lower is better quality and larger files.")
    var crf: Int = 20

    @Option(help: "x264 preset: ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo.")
    var preset: String = "medium"

    @Option(help: ArgumentHelp("Drawing threads. (default: one per core)", visibility: .hidden))
    var workers: Int?

    func validate() throws {
        guard (0...51).contains(crf) else {
            throw ValidationError("--crf must be between 0 and 51; it is \(crf).")
        }
        guard VideoOptions.x264Presets.contains(preset) else {
            throw ValidationError(
                "Unknown --preset '\(preset)': use one of \(VideoOptions.x264Presets.joined(separator: ", ")).")
        }
        if let workers, !(1...256).contains(workers) {
            throw ValidationError("--workers must be between 1 and 256; it is \(workers).")
        }
    }

    var videoOptions: VideoOptions {
        var options = VideoOptions()
        options.crf = crf
        options.preset = preset
        return options
    }
}

/// Checks that an output path can be written before any work starts.
func checkOutput(_ path: String, allowed: [String], what: String) throws -> URL {
    let url = URL(fileURLWithPath: path)
    let ext = url.pathExtension.lowercased()
    guard allowed.contains(ext) else {
        throw UsageError(
            "The output '\(path)' must end in \(allowed.map { ".\($0)" }.joined(separator: ", ")) for \(what).")
    }
    let directory = url.deletingLastPathComponent()
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
        throw UsageError("Cannot write '\(path)': the directory \(directory.path) does not exist.")
    }
    return url
}
