import FlipbookAnimation
import FlipbookSceneFile
import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// Every range the scene-file reference documents is enforced: for each key with numeric limits (or
/// "not empty"), generated from the parameter tables, the value just outside is refused as invalid
/// input naming the key where it was written. A section the tables gain without a place below fails.
@Suite("Documented ranges")
struct DocumentedRangeTests {
    /// A scene file with one layer, as nested JSON objects.
    typealias Object = [String: Any]

    /// The file every case starts from: small and short, so each check is quick.
    static func file(_ members: Object = [:], layer: Object? = nil) -> Object {
        var file: Object = ["size": [64, 48], "scale": 1, "fps": 10, "duration": 0.5]
        if let layer { file["layers"] = [layer] }
        return file.merging(members) { _, new in new }
    }

    static func with(_ object: Object, _ key: String, _ value: Any) -> Object {
        var copy = object
        copy[key] = value
        return copy
    }

    /// Where each section's object sits in a scene file: the file with `key` set to `value`, and
    /// the key path an error about it names.
    static func placed(_ section: String, _ key: String, _ value: Any, folder: URL) -> (Object, String)? {
        let ripples: Object = ["scene": "ripples"]
        let burst: Object = ["count": 5]
        switch section {
        case "Scene file":
            return (file([key: value], layer: ripples), key)
        case "Layer":
            return (file(layer: with(ripples, key, value)), "layers[0].\(key)")
        case "Motion blur":
            return (file(["motionBlur": [key: value]], layer: ripples), "motionBlur.\(key)")
        case "Shadow":
            let filter = ["shadow": with(["radius": 2], key, value)]
            return (file(layer: with(ripples, "filters", [filter])), "layers[0].filters[0].shadow.\(key)")
        case "Alpha threshold":
            let filter = ["alphaThreshold": with(["min": 0.5], key, value)]
            return (file(layer: with(ripples, "filters", [filter])), "layers[0].filters[0].alphaThreshold.\(key)")
        case "Gradient":
            // Colours or stops, not both.
            let gradient = with(key == "stops" ? ["kind": "radial"] : ["kind": "radial", "colors": ["red", "blue"]], key, value)
            let shape: Object = ["scene": "shape", "shape": "rect", "size": [20, 20], "fill": ["gradient": gradient]]
            return (file(layer: shape), "layers[0].fill.gradient.\(key)")
        case "Gradient stop":
            let stops = [with(["color": "red", "location": 0], key, value), ["color": "blue", "location": 1]]
            let shape: Object = ["scene": "shape", "shape": "rect", "size": [20, 20], "fill": ["gradient": ["stops": stops]]]
            return (file(layer: shape), "layers[0].fill.gradient.stops[0].\(key)")
        case "Confetti layer":
            return (file(layer: with(["scene": "confetti"], key, value)), "layers[0].\(key)")
        case "Burst", "Style":
            return (file(layer: ["scene": "confetti", "bursts": [with(burst, key, value)]]), "layers[0].bursts[0].\(key)")
        case "Emission":
            let emission = with(["rate": 10, "duration": 0.5], key, value)
            return (file(layer: ["scene": "confetti", "emissions": [emission]]), "layers[0].emissions[0].\(key)")
        case let emitter where emitter.hasPrefix("Emitter: "):
            let kind = String(emitter.dropFirst("Emitter: ".count))
            let burst = with(burst, "emitter", with(["kind": kind], key, value))
            return (file(layer: ["scene": "confetti", "bursts": [burst]]), "layers[0].bursts[0].emitter.\(key)")
        case "Physics":
            return (file(layer: ["scene": "confetti", "physics": [key: value]]), "layers[0].physics.\(key)")
        case "Ripples layer":
            return (file(layer: with(ripples, key, value)), "layers[0].\(key)")
        case "Ripple":
            return (file(layer: with(ripples, "ripples", [with(["center": [10, 10]], key, value)])), "layers[0].ripples[0].\(key)")
        case "Touch":
            let touch = with(["time": 0, "phase": "down", "point": [10, 10]], key, value)
            return (file(layer: with(ripples, "touches", [touch])), "layers[0].touches[0].\(key)")
        case "Rain":
            return (file(layer: with(ripples, "rain", [with(["rate": 5], key, value)])), "layers[0].rain[0].\(key)")
        case "Trail":
            let trail = with(["points": [[0, 0], [20, 20]]], key, value)
            return (file(layer: with(ripples, "trail", [trail])), "layers[0].trail[0].\(key)")
        case "Text layer":
            // A box, which lineLimit needs.
            return (file(layer: with(["scene": "text", "text": "Hi", "size": [200, 60]], key, value)), "layers[0].\(key)")
        case "Text font":
            return (file(layer: ["scene": "text", "text": "Hi", "font": [key: value]]), "layers[0].font.\(key)")
        case "Shape layer":
            // A rounded rectangle, which has every key of the table (a corner radius among them).
            return (file(layer: with(["scene": "shape", "shape": "roundedRect", "size": [20, 20], "fill": "red"], key, value)),
                    "layers[0].\(key)")
        case "Stroke":
            let shape: Object = ["scene": "shape", "shape": "rect", "size": [20, 20], "stroke": with(["color": "red"], key, value)]
            return (file(layer: shape), "layers[0].stroke.\(key)")
        case "Image layer":
            return (file(layer: with(["scene": "image", "src": folder.appendingPathComponent("dot.png").path], key, value)),
                    "layers[0].\(key)")
        case "Group layer":
            return (file(layer: with(["scene": "group", "layers": [ripples]], key, value)), "layers[0].\(key)")
        case "Audio layer":
            return (file(layer: with(["scene": "audio", "src": packageFile("Fixtures/Audio/loop.wav").path], key, value)),
                    "layers[0].\(key)")
        case "Sound":
            return (file(layer: with(ripples, "sound", with(["name": "pop"], key, value))), "layers[0].sound.\(key)")
        case "Lottie layer":
            let lottie: Object = ["scene": "lottie", "src": packageFile("Fixtures/Lottie/moving-box.json").path]
            return (file(layer: with(lottie, key, value)), "layers[0].\(key)")
        case "Video layer":
            return (file(layer: with(["scene": "video", "src": folder.appendingPathComponent("clip.mp4").path], key, value)),
                    "layers[0].\(key)")
        case "Sequence layer":
            let child: Object = ["scene": "text", "text": "A", "duration": 1]
            return (file(layer: with(["scene": "sequence", "layers": [child]], key, value)), "layers[0].\(key)")
        case "Transition":
            let child: Object = ["scene": "text", "text": "A", "duration": 1]
            let second = with(child, "transition", with(["kind": "fade", "duration": 0.1], key, value))
            return (file(layer: ["scene": "sequence", "layers": [child, second]]), "layers[0].layers[1].transition.\(key)")
        case "Captions layer":
            let captions: Object = ["scene": "captions", "src": packageFile("Fixtures/Captions/talk.srt").path]
            return (file(layer: with(captions, key, value)), "layers[0].\(key)")
        default:
            return nil
        }
    }

    /// A value of the row's type whose numbers are all `number`.
    static func value(ofType type: String, _ number: Double) -> Any? {
        switch type {
        case "number", "whole number", "number or keyframes", "[low, high]", "number or [sx, sy] or keyframes", "number or \"auto\"":
            number
        case "[x, y]", "[x, y] or keyframes", "[width, height] or keyframes", "[dx, dy]", "[from, to] or keyframes":
            [number, number]
        case "[x, y, width, height]":
            [number, 0, 10, 10]
        case "list of sizes [width, height]":
            [[number, number]]
        case "list of points [x, y]":
            [[number, number], [0, 0]]
        case "list of lengths":
            [number]
        default:
            nil
        }
    }

    /// The values just outside `limits`: below the lowest allowed and above the highest.
    static func outside(_ limits: ParameterLimits, whole: Bool) -> [Double] {
        func step(_ bound: Double) -> Double { whole ? 1 : max(abs(bound) * 1e-6, 1e-6) }
        let below = limits.includesLower ? limits.lower - step(limits.lower) : limits.lower
        return [below, limits.upper + step(limits.upper)]
    }

    /// Every documented section once, by title.
    static var sections: [ParameterSection] {
        var seen = Set<String>()
        return (SceneReference.fileSections + SceneReference.scenes.flatMap(\.sections)).filter { seen.insert($0.title).inserted }
    }

    /// Decodes and builds `object`; the error it throws, or `nil` when it is accepted.
    static func refusal(of object: Object, folder: URL) throws -> FlipbookError? {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        do {
            _ = try SceneFile.decode(data, source: "case.json", baseDirectory: folder).makeTimeline()
            return nil
        } catch let error as FlipbookError {
            return error
        }
    }

    /// A test's folder holding the image the image layer's cases draw, `dot.png`, and the video layer's, `clip.mp4`.
    static func folderWithImage() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory("ranges")
        var dot = try Bitmap(width: 4, height: 4)
        dot.draw(background: .red) { _, _ in }
        try dot.writePNG(to: folder.file("dot.png"))
        try FrameCodedClip.write(to: folder.file("clip.mp4"), fps: 10, frames: 10)
        return folder
    }

    @Test("Just outside every documented range, a scene file is refused naming the key")
    func everyRangeIsEnforced() throws {
        let folder = try Self.folderWithImage()

        var problems: [String] = []
        var checked = 0
        for section in Self.sections {
            for row in section.parameters where row.limits != nil || row.range == "not empty" {
                var cases: [(Any, String)] = []
                if let limits = row.limits {
                    guard Self.value(ofType: row.type, 0) != nil else {
                        problems.append("\(section.title).\(row.key): no value of type '\(row.type)' known to this test")
                        continue
                    }
                    for number in Self.outside(limits, whole: row.type == "whole number") {
                        cases.append((Self.value(ofType: row.type, number)!, "\(number)"))
                    }
                } else {
                    cases.append(([Any](), "[]"))
                }
                for (value, shown) in cases {
                    guard let (object, keyPath) = Self.placed(section.title, row.key, value, folder: folder.url) else {
                        problems.append("\(section.title): no place in a scene file known to this test")
                        break
                    }
                    checked += 1
                    guard let error = try Self.refusal(of: object, folder: folder.url) else {
                        problems.append("\(keyPath) = \(shown) (\(row.range ?? "")) is accepted")
                        continue
                    }
                    if error.kind != .invalidInput || !error.description.contains(keyPath) {
                        problems.append("\(keyPath) = \(shown): \(error.kind) \(error.description)")
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) of \(checked):\n\(problems.joined(separator: "\n"))")
        #expect(checked > 150)
    }

    /// Values inside the range for keys whose value nearest zero another key of the case rules out.
    static let insideValues: [String: Double] = [
        "Layer.end": 0.25,  // after the layer's start, 0
        "Text layer.size": 100,  // wide enough for the text
    ]

    @Test("Every section's values just inside their ranges are accepted, so the cases above test the ranges alone")
    func placementsAreValid() throws {
        let folder = try Self.folderWithImage()
        var problems: [String] = []
        for section in Self.sections {
            for row in section.parameters {
                guard let limits = row.limits, Self.value(ofType: row.type, 0) != nil else { continue }
                // The allowed value nearest zero, the gentlest for the scene, unless another key rules it out.
                let nearestZero = limits.contains(0) ? 0 : (limits.includesLower ? limits.lower : min(limits.upper, limits.lower + 1))
                let inside = Self.insideValues["\(section.title).\(row.key)"] ?? nearestZero
                guard let (object, keyPath) = Self.placed(section.title, row.key, Self.value(ofType: row.type, inside)!,
                                                        folder: folder.url) else { continue }
                if let error = try Self.refusal(of: object, folder: folder.url) {
                    problems.append("\(keyPath) = \(inside): \(error.description)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
