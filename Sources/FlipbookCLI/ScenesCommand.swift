import ArgumentParser
import Flipbook
import Foundation

extension FlipbookTool {
    /// `flipbook scenes`: the built-in scenes, their parameters and defaults.
    struct Scenes: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the scenes, their parameters and their defaults.",
            discussion: "Parameters are the keys of a layer in a JSON scene file. Defaults are read from the library itself.")

        func run() throws {
            print(try catalogue())
        }
    }
}

/// What each parameter means; the defaults shown beside them are encoded from the library's own
/// default values, so this listing cannot drift from the code.
private let confettiHelp: [(section: String, key: String, help: String)] = [
    ("layer", "seed", "seed for every random draw; same seed, same pixels"),
    ("layer", "bursts", "list of bursts: particles launched together"),
    ("layer", "emissions", "list of continuous emissions: {rate, start, duration, emitter, style keys}"),
    ("burst", "time", "launch time in seconds (scene clock)"),
    ("burst", "count", "particles in the burst, 1...\(ConfettiBurst.maximumCount)"),
    ("burst", "emitter", "bottomCannon, point {at, angle, spread, speed} or topRain"),
    ("burst", "palette", "colours, picked uniformly"),
    ("burst", "sizes", "sizes in points [w, h], picked uniformly"),
    ("burst", "scale", "factor on every size"),
    ("burst", "shapes", "rectangle, circle, triangle, star, or {\"svg\": \"M...\"}"),
    ("burst", "rotation", "initial rotation range, degrees"),
    ("burst", "rotationSpeed", "spin range, degrees per second"),
    ("burst", "flutterAmplitude", "sideways flutter range, points"),
    ("burst", "flutterFrequency", "flutter frequency range, radians per second"),
    ("burst", "flutterPhase", "flutter phase range, radians"),
    ("burst", "flipFrequency", "flip frequency range, radians per second"),
    ("burst", "flipPhase", "flip phase range, radians"),
    ("burst", "spreadStrength", "sideways spread range, points per second squared"),
    ("physics", "gravity", "points per second squared"),
    ("physics", "drag", "per second"),
    ("physics", "lifetime", "seconds a particle lives"),
    ("physics", "fadeOutDuration", "seconds of fade at the end of its life"),
    ("physics", "minimumFlipScale", "narrowest apparent width while flipping, as a fraction"),
    ("physics", "wind", "constant wind [dx, dy], points per second"),
]

private let ripplesHelp: [(key: String, help: String)] = [
    ("ripples", "list of {center: [x, y], start, color}"),
    ("touches", "touch script: list of {time, phase: down|move|up, finger, point: [x, y]}"),
    ("rain", "list of seeded random rain: {rate, start, duration, area, palette, seed}"),
    ("trail", "list of trails along a path: {path (SVG) or points, start, duration, rate, color}"),
    ("palette", "colours given to fingers and rain"),
    ("lifetime", "seconds a ring lives"),
    ("speed", "ring growth, points per second"),
    ("lineWidth", "ring stroke width, points"),
    ("rippleOpacity", "ring opacity"),
    ("maximumNumberOfRipples", "cap; the oldest ring is dropped past it"),
]

private func jsonObject<T: Encodable>(_ value: T) throws -> [String: Any] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
}

private func jsonText(_ value: Any?) -> String {
    guard let value else { return "-" }
    if let number = value as? NSNumber, !(value is Bool) { return numberLabel(number.doubleValue) }
    if let list = value as? [Any] { return "[" + list.map { jsonText($0) }.joined(separator: ", ") + "]" }
    if let text = value as? String { return text }
    if let object = value as? [String: Any] {
        return "{" + object.keys.sorted().map { "\($0): \(jsonText(object[$0]))" }.joined(separator: ", ") + "}"
    }
    return "\(value)"
}

private func numberLabel(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.4g", value)
}

func catalogue() throws -> String {
    var burst = try jsonObject(ConfettiBurst())
    let style = ConfettiStyle()
    func range(_ r: ClosedRange<Double>) -> String { numberLabel(r.lowerBound) + "..." + numberLabel(r.upperBound) }
    let styleDefaults: [String: String] = [
        "emitter": "bottomCannon",
        "palette": style.palette.map { color in Color.named.first { $0.value == color && $0.key != "grey" }?.key ?? color.hexString }
            .joined(separator: " "),
        "sizes": style.sizes.map { "\(numberLabel(Double($0.width)))x\(numberLabel(Double($0.height)))" }.joined(separator: " "),
        "scale": numberLabel(Double(style.scale)), "shapes": "rectangle",
        "rotation": range(style.rotation), "rotationSpeed": range(style.rotationSpeed),
        "flutterAmplitude": range(style.flutterAmplitude), "flutterFrequency": range(style.flutterFrequency),
        "flutterPhase": range(style.flutterPhase), "flipFrequency": range(style.flipFrequency),
        "flipPhase": range(style.flipPhase), "spreadStrength": range(style.spreadStrength),
    ]
    for (key, value) in styleDefaults where burst[key] == nil { burst[key] = value }
    let physics = try jsonObject(ConfettiPhysics())
    let pond = RipplesScene(ripples: [])
    let rippleDefaults: [String: String] = [
        "palette": "six pastels",
        "lifetime": numberLabel(pond.lifetime), "speed": numberLabel(Double(pond.speed)),
        "lineWidth": numberLabel(Double(pond.lineWidth)), "rippleOpacity": numberLabel(pond.opacity),
        "maximumNumberOfRipples": String(pond.maximumNumberOfRipples),
    ]
    func row(_ key: String, _ value: String, _ help: String) -> String {
        "    " + key.padding(toLength: 22, withPad: " ", startingAt: 0) + " "
            + value.padding(toLength: max(30, value.count), withPad: " ", startingAt: 0) + " " + help
    }
    var lines = [
        "confetti  A physics-based confetti burst: particles launched from an emitter, tumbling, fluttering,",
        "          falling under gravity and drag, fading out at the end of their life.",
        "          Preset (flipbook render confetti): two bursts, at 0 s and 0.9 s, over white.",
    ]
    for section in ["layer", "burst", "physics"] {
        lines.append("  \(section):")
        for entry in confettiHelp where entry.section == section {
            let value: String
            switch section {
            case "burst": value = jsonText(burst[entry.key])
            case "physics": value = jsonText(physics[entry.key])
            default: value = entry.key == "seed" ? "0" : "-"
            }
            lines.append(row(entry.key, value, entry.help))
        }
    }
    lines += [
        "",
        "ripples   A ripple pond: rings expanding from touches, fading toward white.",
        "          Preset (flipbook render ripples): taps, two fingers, a dragged trail and light rain.",
        "  layer:",
    ]
    for entry in ripplesHelp {
        lines.append(row(entry.key, rippleDefaults[entry.key] ?? "-", entry.help))
    }
    lines += [
        "",
        "Every layer also takes start, end (seconds on the timeline) and opacity.",
        "A scene file holds size [w, h] in points (default \(numberLabel(SceneFile.defaultSize.width))x\(numberLabel(SceneFile.defaultSize.height))), "
            + "scale (default \(numberLabel(SceneFile.defaultScale))), fps (default \(SceneFile.defaultFPS)), "
            + "duration (default \(numberLabel(SceneFile.defaultDuration))), background, and layers.",
    ]
    return lines.joined(separator: "\n")
}
