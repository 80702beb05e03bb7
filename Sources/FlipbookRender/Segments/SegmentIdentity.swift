import FlipbookAnimation
import FlipbookCore
import FlipbookDrawing
import FlipbookSceneFile
import FlipbookVideo
import Foundation

/// What a segment's packets are made from, digested (SHA-256) to name it in a ``SegmentCache``:
/// two segments with one digest are the same packets.
///
/// The digest covers the segment's frames (those it writes and those its encoder is fed), the
/// canonical JSON (sorted keys) of every layer drawn in any of those frames, the SHA-256 of each
/// file that layer's JSON names (pictures, fonts given as files, captions, videos, Lottie) and of the
/// files of each font family it names (a bundle's copies or the machine's installed files), and
/// what every frame shares: the scene file's own values (canvas, rate, background, colour scheme,
/// motion blur), its asset catalogs' files, the drawing quality, the output's format, size and
/// encoder settings, the first frame written, and the Flipbook and libavcodec versions.
///
/// A layer counts for a segment while it shows (`start ..< end`) widened by a frame each way
/// when it is motion-blurred, whose shutter reaches at most a frame. A layer draws from its JSON
/// and files alone, at its own clock, so nothing else reaches across time. Sound does not reach
/// the picture: audio layers and a layer's `sound` are left out, and the sound is mixed and encoded
/// whole in every render.
struct SegmentIdentity: Sendable, Hashable {
    /// One layer: when it reaches the picture, in timeline seconds, and its digest.
    struct Layer: Sendable, Hashable {
        var from: TimeInterval
        var until: TimeInterval
        var digest: String
    }

    /// The digest of what every segment shares.
    var common: String
    var layers: [Layer]
    var fps: FrameRate
    /// The timeline's frame the written clip starts at.
    var firstFrame: Int

    /// The identity of `plan`'s segments, drawn from `file` at `quality`.
    init(file: SceneFile, quality: RenderQuality, plan: OutputPlan) throws {
        guard let format = plan.format, let options = plan.options else {
            throw FlipbookError.internal("a still has no segments to cache")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var files = FileDigests()
        var canvas = file
        canvas.layers = nil
        let folder = file.baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let assets = (file.assets ?? []).map { URL(fileURLWithPath: $0, relativeTo: folder).standardizedFileURL }
        let timeline = plan.timeline
        var shared = [
            "flipbook \(FlipbookVersion.current)", "libavcodec \(libavcodecVersion)",
            String(decoding: try encoder.encode(canvas), as: UTF8.self),
            "assets \(assets.map { files.folder($0) }.joined(separator: " "))",
            "quality \(quality.rawValue)",
            "format \(format.container.rawValue) \(format.codec.rawValue) \(format.pixelFormat.rawValue) \(format.keepsAlpha)",
            "size \(timeline.pixelWidth)x\(timeline.pixelHeight) fps \(timeline.fps) frames \(timeline.frameCount)",
            "first \(plan.framesWritten.lowerBound)",
        ]
        shared.append(String(decoding: try encoder.encode(options), as: UTF8.self))
        common = sha256Hex(Array(shared.joined(separator: "\n").utf8))
        fps = timeline.fps
        firstFrame = plan.framesWritten.lowerBound
        let frameTime = timeline.time(ofFrame: 1)
        layers = try (file.layers ?? []).compactMap { layer in
            if case .audio = layer.content { return nil }
            var picture = layer
            picture.sound = nil
            let json = try encoder.encode(picture)
            let named = SceneRequest.namedFiles(inJSON: json, relativeTo: folder)
            let families = (try? JSONSerialization.jsonObject(with: json)).map { BundlePaths(json: $0, folder: folder).families } ?? []
            let fonts = families.sorted().map { family in
                "font \(family): " + Font.files(drawingFamily: family).map { "\($0) \(files.file(URL(fileURLWithPath: $0)))" }
                    .joined(separator: " ")
            }
            let text = ([String(decoding: json, as: UTF8.self)] + named.map { "\($0.path) \(files.file($0))" } + fonts)
                .joined(separator: "\n")
            let reach = (layer.motionBlur ?? file.motionBlur) == nil ? 0 : frameTime
            return Layer(from: (layer.start ?? 0) - reach, until: (layer.end ?? .infinity) + reach,
                         digest: sha256Hex(Array(text.utf8)))
        }
    }

    /// The layers drawn in any of `segment`'s encoded frames, bottom first.
    func layers(reaching segment: SegmentLayout.Segment) -> [Layer] {
        let first = fps.time(ofFrame: firstFrame + segment.encodedFrames.lowerBound)
        let last = fps.time(ofFrame: firstFrame + segment.encodedFrames.upperBound)
        return layers.filter { $0.from <= last && $0.until > first }
    }

    /// `segment`'s digest, 64 hexadecimal digits.
    func digest(of segment: SegmentLayout.Segment) -> String {
        let text = [common, "frames \(segment.frames.lowerBound)-\(segment.frames.upperBound)",
                    "encoded \(segment.encodedFrames.lowerBound)-\(segment.encodedFrames.upperBound)"]
            + layers(reaching: segment).map(\.digest)
        return sha256Hex(Array(text.joined(separator: "\n").utf8))
    }
}

/// Files' SHA-256, each read once per render.
private struct FileDigests {
    private var known: [URL: String] = [:]

    mutating func file(_ url: URL) -> String {
        if let digest = known[url] { return digest }
        let digest = (try? sha256Hex(ofFileAt: url)) ?? "unreadable"
        known[url] = digest
        return digest
    }

    /// Every regular file under `folder`, with its digest, in path order.
    mutating func folder(_ folder: URL) -> String {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return "\(folder.path) none"
        }
        let found = walk.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        return found.sorted { $0.path < $1.path }.map { "\($0.path) \(file($0))" }.joined(separator: " ")
    }
}
