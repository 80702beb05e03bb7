import Flipbook
import Foundation

/// What the page knows about the clip: its size, rate and length, its layers as bars, its event
/// markers, the template's parameters (the controls), the data files beside it, and the problem with
/// the newest save, if any. Sent by `GET /api/info`.
struct ClipInfo: Codable, Sendable {
    struct Layer: Codable, Sendable {
        var index: Int
        var scene: String
        var start: Double
        var end: Double
    }

    struct Parameter: Codable, Sendable {
        var name: String
        var kind: String
        var defaultValue: String?
        var minimum: Double?
        var maximum: Double?
        var help: String?
        var required: Bool
    }

    struct Problem: Codable, Sendable {
        var message: String
        var file: String?
        var line: Int?
        var column: Int?
        var keyPath: String?
    }

    struct Format: Codable, Sendable {
        var container: String
        var fileExtension: String
        var name: String
        var codecs: [String]
    }

    var scene: String
    var sceneName: String
    var version: Int
    var problem: Problem?
    /// Parameters still without a value (a template without defaults): frames need them.
    var missing: [String]
    var width: Double
    var height: Double
    var pixelWidth: Int
    var pixelHeight: Int
    var scale: Double
    var fps: Double
    var fpsText: String
    var duration: Double
    var frameCount: Int
    var layers: [Layer]
    var events: [EventMarker]
    var parameters: [Parameter]
    var dataFiles: [String]
    var formats: [Format]
    var qualities: [String]
    var watched: [String]
    /// The timeline's settings the page changes live (``LiveSetting``).
    var settings: [LiveSettingInfo]
    /// The images in the scene's folder an image parameter can name, by name.
    var folderImages: [String]
    /// The largest image a file picker may upload, in bytes.
    var maximumUploadBytes: Int

    /// The info for `document`'s last good version, or for none yet, with `problem` and `version`;
    /// with no document (none chosen yet), an empty clip. `values` are the template's values and
    /// `settings` the live settings (``LiveSetting``), by key.
    static func make(document: StudioDocument?, folder: URL, values: [String: String],
                     settings: [String: String] = [:]) async -> ClipInfo {
        let (file, problem, version) = await document?.state ?? (nil, nil, 0)
        let watched = await document?.watchedPaths() ?? []
        var info = ClipInfo(
            scene: document?.scene ?? "", sceneName: document.map { $0.fileURL?.lastPathComponent ?? $0.scene } ?? "",
            version: version, problem: problem.map(Problem.init), missing: [], width: 0, height: 0, pixelWidth: 0,
            pixelHeight: 0, scale: 1, fps: 0, fpsText: "", duration: 0, frameCount: 0, layers: [], events: [],
            parameters: [], dataFiles: document?.fileURL.map(DataFiles.beside) ?? [], formats: formats,
            qualities: RenderQuality.allCases.map(\.rawValue), watched: watched, settings: LiveSetting.all.map(LiveSettingInfo.init),
            folderImages: FolderListing.images(in: folder), maximumUploadBytes: ImageUploads.maximumBytes)
        guard let document, let file else { return info }
        info.parameters = file.templateParameters.map(Parameter.init)
        info.missing = file.missingParameters.filter { values[$0.name] == nil }.map(\.name)
        guard info.missing.isEmpty else { return info }
        var request = SceneRequest(scene: document.scene)
        request.loadedFile = file
        request.parameterValues = values
        do {
            try LiveSetting.apply(settings, to: &request)
            let timeline = try request.makeTimeline()
            let resolved = try request.sceneFile()
            info.width = timeline.size.width
            info.height = timeline.size.height
            info.pixelWidth = timeline.pixelWidth
            info.pixelHeight = timeline.pixelHeight
            info.scale = timeline.scale
            info.fps = timeline.fps.framesPerSecond
            info.fpsText = timeline.fps.exactDescription
            info.duration = timeline.duration
            info.frameCount = timeline.frameCount
            info.layers = (resolved.layers ?? []).enumerated().map { index, layer in
                Layer(index: index, scene: layer.content.sceneName, start: layer.start ?? 0,
                      end: min(layer.end ?? timeline.duration, timeline.duration))
            }
            info.events = EventMarker.all(in: resolved, duration: timeline.duration)
        } catch let error as FlipbookError {
            info.problem = Problem(error)
        } catch let error as StudioError {
            info.problem = Problem(message: error.message)
        } catch {
            info.problem = Problem(message: "\(error)")
        }
        return info
    }

    /// The containers a render from the page can write, each with its codecs (its default first).
    static var formats: [Format] {
        VideoContainer.allCases.filter { $0 != .pngSequence }.map { container in
            let capabilities = container.capabilities
            let codecs = [capabilities.defaultCodec] + capabilities.codecs.filter { $0 != capabilities.defaultCodec }
            return Format(container: container.rawValue, fileExtension: capabilities.extensions.first ?? container.rawValue,
                          name: capabilities.displayName, codecs: codecs.map(\.rawValue))
        }
    }
}

extension ClipInfo.Parameter {
    init(_ parameter: TemplateParameter) {
        self.init(name: parameter.name, kind: parameter.kind.rawValue, defaultValue: parameter.defaultValue,
                  minimum: parameter.range?.lowerBound, maximum: parameter.range?.upperBound, help: parameter.help,
                  required: parameter.isRequired)
    }
}

extension ClipInfo.Problem {
    init(_ error: FlipbookError) {
        self.init(message: error.description, file: error.location.file, line: error.location.line,
                  column: error.location.column, keyPath: error.location.keyPath)
    }
}
