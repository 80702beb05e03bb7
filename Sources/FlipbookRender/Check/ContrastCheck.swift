import FlipbookAnimation
import FlipbookCore
import FlipbookDrawing
import Foundation

/// Text and captions whose glyphs do not stand out from what is drawn under them, measured on the
/// pixels: at each moment the layers under a text are drawn (in a group, the layers under the group
/// and the group's children under the text), then the text alone in its groups; where the text
/// covers a pixel fully, the pixel as composited is the glyph's colour and the pixel under it the
/// background, and WCAG 2's contrast ratio of the two is taken. Captions on pills are measured in
/// two parts: the words on their pill (drawn under them for the measure) and the words off it. A
/// layer is reported once, at the moment of its lowest median ratio, when that is below
/// ``Color/readableContrast``.
enum ContrastCheck {
    /// The widest picture drawn for measuring: a 1080p canvas is drawn at half size, where the
    /// glyphs of any text a viewer reads still have fully covered pixels.
    static let measuringWidth = 960

    static func findings(for layers: [CheckedLayer], in timeline: Timeline, at moments: [TimeInterval]) -> [CheckFinding] {
        let measured = layers.filter { $0.layer.scene is TextScene || $0.layer.scene is CaptionsScene }
        guard !measured.isEmpty else { return [] }
        var reduced = timeline
        reduced.scale = timeline.scale * min(1, CGFloat(measuringWidth) / CGFloat(max(timeline.pixelWidth, 1)))
        let look = reduced
        // The moments are measured on every core, each on its own pictures.
        let results = MomentResults(count: moments.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, moments.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: moments.count, by: workers) {
                results.set(index, measures(of: measured, in: look, at: moments[index]))
            }
        }
        var worst: [Int: ContrastMeasure] = [:]
        for measures in results.all {
            for (index, measure) in measures where measure.ratio < worst[index]?.ratio ?? .infinity { worst[index] = measure }
        }
        return measured.indices.compactMap { index in
            guard let measure = worst[index], measure.ratio < Color.readableContrast else { return nil }
            return finding(measured[index], measure)
        }
    }

    /// The contrast of each of `measured` shown at `time` (by index), the lower of its words' on
    /// and off pills.
    private static func measures(of measured: [CheckedLayer], in look: Timeline, at time: TimeInterval) -> [Int: ContrastMeasure] {
        guard var below = try? look.makeBitmap(), var alone = try? look.makeBitmap() else { return [:] }
        var found: [Int: ContrastMeasure] = [:]
        for (index, checked) in measured.enumerated() where checked.placed(at: time, canvas: look.size) != nil {
            var under = look
            under.layers = look.layers(under: checked.path[...])
            below.draw(scale: look.scale, background: look.background ?? .clear, environment: look.environment) { context, size in
                under.drawLayers(in: &context, size: size, time: time)
            }
            var top = look
            top.layers = look.layers(alone: checked.path[...], parts: .words)
            alone.draw(scale: look.scale, background: .clear, environment: look.environment) { context, size in
                top.drawLayers(in: &context, size: size, time: time)
            }
            var measures: [ContrastMeasure?] = []
            if let captions = checked.layer.scene as? CaptionsScene, captions.pill, var pills = try? look.makeBitmap() {
                var plates = look
                plates.layers = look.layers(alone: checked.path[...], parts: .pills)
                pills.draw(scale: look.scale, background: .clear, environment: look.environment) { context, size in
                    plates.drawLayers(in: &context, size: size, time: time)
                }
                measures.append(ContrastMeasure(alone: alone, below: below, pills: pills, onPills: false))
                let picture = pills
                below.draw(scale: 1, environment: look.environment) { context, size in
                    context.draw(picture, in: CGRect(origin: .zero, size: size))
                }
                measures.append(ContrastMeasure(alone: alone, below: below, pills: pills, onPills: true))
            } else {
                measures.append(ContrastMeasure(alone: alone, below: below))
            }
            if var lowest = measures.compactMap({ $0 }).min(by: { $0.ratio < $1.ratio }) {
                lowest.time = time
                found[index] = lowest
            }
        }
        return found
    }

    /// The measures of each moment, by moment, as the workers finish them.
    private final class MomentResults: @unchecked Sendable {
        // @unchecked: `results` is touched only with `lock` held.
        private let lock = NSLock()
        private var results: [[Int: ContrastMeasure]]

        init(count: Int) { results = Array(repeating: [:], count: count) }

        func set(_ index: Int, _ measures: [Int: ContrastMeasure]) {
            lock.lock()
            results[index] = measures
            lock.unlock()
        }

        var all: [[Int: ContrastMeasure]] {
            lock.lock()
            defer { lock.unlock() }
            return results
        }
    }

    /// The finding for a layer measured below the readable contrast, with the colour of the same hue
    /// nearest its own that reaches it against the measured background.
    private static func finding(_ checked: CheckedLayer, _ measure: ContrastMeasure) -> CheckFinding {
        let local = checked.placed(at: measure.time, canvas: .zero)?.localTime ?? measure.time - checked.layer.start
        var key = "color"
        var declared = measure.glyph
        if let text = checked.layer.scene as? TextScene {
            switch text.fill {
            case .color(let color)?: declared = color.value(at: local)
            case .gradient?: key = "gradient"
            case nil: break
            }
        } else if let captions = checked.layer.scene as? CaptionsScene {
            declared = captions.color
        }
        let what = checked.layer.scene is CaptionsScene ? "captions'" : "text's"
        let under = measure.onPills ? "the pill under the spoken word" : "the pixels under it"
        let target = Color.readableContrast
        var fix = declared.reachingContrast(target, against: measure.background).map {
            key == "gradient" ? "a color \"\($0.hexString)\" in place of the gradient reaches \(formatNumber(target)):1"
                : "color \"\($0.hexString)\" reaches \(formatNumber(target)):1"
        } ?? "put a plate behind the text (a shape layer under it) darker or lighter than the text"
        if measure.onPills, let captions = checked.layer.scene as? CaptionsScene,
           let pill = captions.highlightColor.reachingContrast(target, against: measure.glyph) {
            fix += ", or highlightColor \"\(pill.hexString)\" does"
        }
        return CheckFinding(
            .warning, .contrast, pointer: checked.pointer(key),
            message: "the \(what) contrast with \(under) is \(String(format: "%.2f", measure.ratio)):1 at "
                + "\(spoken(moment: measure.time)) (glyphs \(measure.glyph.hexString) on \(measure.background.hexString)); "
                + "WCAG asks at least \(formatNumber(target)):1.",
            fix: fix)
    }
}

extension Timeline {
    /// The layers drawn under the layer at `path` (its index here, then in each group's children):
    /// those before it, and the group it is in with only the children before it.
    func layers(under path: ArraySlice<Int>) -> [Layer] {
        Self.layers(layers, under: path)
    }

    /// The layer at `path` alone, in its groups without their other children; captions drawing only
    /// `parts`.
    func layers(alone path: ArraySlice<Int>, parts: CaptionsScene.Parts) -> [Layer] {
        Self.layers(layers, alone: path, parts: parts)
    }

    /// A group's scene, or a sequence's children as a group holding them at their times: the
    /// moments a check samples are measured without the transitions between children.
    private static func groupLike(_ scene: any Scene) -> GroupScene? {
        if let group = scene as? GroupScene { return group }
        if let sequence = scene as? Timeline.Sequence { return GroupScene(layers: sequence.layers, size: sequence.size) }
        return nil
    }

    private static func layers(_ layers: [Layer], under path: ArraySlice<Int>) -> [Layer] {
        guard let index = path.first, layers.indices.contains(index) else { return [] }
        var under = Array(layers[..<index])
        if path.count > 1, var group = groupLike(layers[index].scene) {
            group.layers = Self.layers(group.layers, under: path.dropFirst())
            var layer = layers[index]
            layer.scene = group
            under.append(layer)
        }
        return under
    }

    private static func layers(_ layers: [Layer], alone path: ArraySlice<Int>, parts: CaptionsScene.Parts) -> [Layer] {
        guard let index = path.first, layers.indices.contains(index) else { return [] }
        var layer = layers[index]
        if path.count > 1, var group = groupLike(layer.scene) {
            group.layers = Self.layers(group.layers, alone: path.dropFirst(), parts: parts)
            layer.scene = group
        } else if var captions = layer.scene as? CaptionsScene {
            captions.parts = parts
            layer.scene = captions
        }
        return [layer]
    }
}
