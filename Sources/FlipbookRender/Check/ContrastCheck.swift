import FlipbookAnimation
import FlipbookCore
import FlipbookDrawing
import Foundation

/// Text and captions whose glyphs do not stand out from what is drawn under them, measured on the
/// pixels: at each moment the layers under a text are drawn, then the text alone; where the text
/// covers a pixel fully, the pixel as composited is the glyph's colour and the pixel under it the
/// background, and WCAG 2's contrast ratio of the two is taken. A layer is reported once, at the
/// moment of its lowest median ratio, when that is below ``Color/readableContrast``.
enum ContrastCheck {
    /// The widest picture drawn for measuring: a 1080p canvas is drawn at half size, where the
    /// glyphs of any text a viewer reads still have fully covered pixels.
    static let measuringWidth = 960
    /// The fewest fully covered pixels a measure needs (fewer: a sliver, not readable text).
    static let minimumPixels = 12

    /// One layer's contrast at one moment.
    struct Measure {
        var ratio: Double
        var glyph: Color
        var background: Color
        var time: TimeInterval
    }

    static func findings(for layers: [CheckedLayer], in timeline: Timeline, at moments: [TimeInterval]) -> [CheckFinding] {
        let measured = layers.filter { checked in
            guard checked.topLevelIndex != nil else { return false }
            if checked.layer.scene is TextScene { return true }
            // A pill is a plate drawn for the words to stand on: they are read against it.
            if let captions = checked.layer.scene as? CaptionsScene { return !captions.pill }
            return false
        }
        guard !measured.isEmpty, let last = measured.compactMap(\.topLevelIndex).max() else { return [] }
        var reduced = timeline
        reduced.scale = timeline.scale * min(1, CGFloat(measuringWidth) / CGFloat(max(timeline.pixelWidth, 1)))
        let look = reduced
        let indices = Set(measured.compactMap(\.topLevelIndex))
        // The moments are measured on every core, each on its own pictures.
        let results = MomentResults(count: moments.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, moments.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: moments.count, by: workers) {
                results.set(index, measures(of: look, at: moments[index], layers: indices, through: last))
            }
        }
        var worst: [Int: Measure] = [:]
        for measures in results.all {
            for (index, measure) in measures where measure.ratio < worst[index]?.ratio ?? .infinity { worst[index] = measure }
        }
        return measured.compactMap { checked in
            guard let index = checked.topLevelIndex, let measure = worst[index], measure.ratio < Color.readableContrast else {
                return nil
            }
            return finding(checked, measure)
        }
    }

    /// The contrast of each layer of `indices` active at `time`: the layers under it drawn, then it
    /// alone, then it composited onto those under it for the next.
    private static func measures(of look: Timeline, at time: TimeInterval, layers indices: Set<Int>, through last: Int)
        -> [Int: Measure] {
        guard var below = try? look.makeBitmap(), var alone = try? look.makeBitmap() else { return [:] }
        below.draw(scale: look.scale, background: look.background ?? .clear, environment: look.environment) { _, _ in }
        var found: [Int: Measure] = [:]
        for index in 0...last where look.layers[index].isActive(at: time) {
            var single = look
            single.layers = [look.layers[index]]
            guard indices.contains(index) else {
                below.draw(scale: look.scale, environment: look.environment) { context, size in
                    single.drawLayers(in: &context, size: size, time: time)
                }
                continue
            }
            alone.draw(scale: look.scale, background: .clear, environment: look.environment) { context, size in
                single.drawLayers(in: &context, size: size, time: time)
            }
            if var measure = measure(alone: alone, below: below) {
                measure.time = time
                found[index] = measure
            }
            // Drawn once: what a layer blending normally draws is its picture laid over what is under it.
            let picture = alone
            below.draw(scale: 1, environment: look.environment) { context, size in
                if look.layers[index].blendMode == .normal {
                    context.draw(picture, in: CGRect(origin: .zero, size: size))
                } else {
                    var scaled = context
                    scaled.scaleBy(x: look.scale, y: look.scale)
                    single.drawLayers(in: &scaled, size: look.size, time: time)
                }
            }
        }
        return found
    }

    /// The measures of each moment, by moment, as the workers finish them.
    private final class MomentResults: @unchecked Sendable {
        // @unchecked: `results` is touched only with `lock` held.
        private let lock = NSLock()
        private var results: [[Int: Measure]]

        init(count: Int) { results = Array(repeating: [:], count: count) }

        func set(_ index: Int, _ measures: [Int: Measure]) {
            lock.lock()
            results[index] = measures
            lock.unlock()
        }

        var all: [[Int: Measure]] {
            lock.lock()
            defer { lock.unlock() }
            return results
        }
    }

    /// The finding for a layer measured below the readable contrast, with the colour of the same hue
    /// nearest its own that reaches it against the measured background.
    private static func finding(_ checked: CheckedLayer, _ measure: Measure) -> CheckFinding {
        let local = measure.time - checked.layer.start
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
        let target = Color.readableContrast
        let fix = declared.reachingContrast(target, against: measure.background).map {
            key == "gradient" ? "a color \"\($0.hexString)\" in place of the gradient reaches \(formatNumber(target)):1"
                : "color \"\($0.hexString)\" reaches \(formatNumber(target)):1"
        } ?? "put a plate behind the text (a shape layer under it) darker or lighter than the text"
        return CheckFinding(
            .warning, .contrast, pointer: checked.pointer(key),
            message: "the \(what) contrast with the pixels under it is \(String(format: "%.2f", measure.ratio)):1 at "
                + "\(spoken(moment: measure.time)) (glyphs \(measure.glyph.hexString) on \(measure.background.hexString)); "
                + "WCAG asks at least \(formatNumber(target)):1.",
            fix: fix)
    }

    /// The median contrast of `alone`'s fully covered pixels, composited over `below`, against
    /// `below`; `nil` when the layer is mostly transparent here (fading) or covers too few pixels
    /// over an opaque background.
    static func measure(alone: Bitmap, below: Bitmap) -> Measure? {
        guard alone.width == below.width, alone.height == below.height else { return nil }
        let width = alone.width, height = alone.height
        return alone.withUnsafeBytes { layer, layerStride in
            below.withUnsafeBytes { under, underStride in
                var peak: UInt32 = 0
                for y in 0..<height {
                    for x in 0..<width { peak = max(peak, layer.load(fromByteOffset: y * layerStride + x * 4, as: UInt32.self) >> 24) }
                }
                // Text mid-fade is not what a viewer reads.
                guard peak >= 128 else { return nil }
                let threshold = peak * 9 / 10
                var ratios: [Double] = []
                var glyphSum = (0.0, 0.0, 0.0), backgroundSum = (0.0, 0.0, 0.0)
                for y in 0..<height {
                    for x in 0..<width {
                        let top = layer.load(fromByteOffset: y * layerStride + x * 4, as: UInt32.self)
                        let alpha = top >> 24
                        guard alpha >= threshold else { continue }
                        let bottom = under.load(fromByteOffset: y * underStride + x * 4, as: UInt32.self)
                        guard bottom >> 24 >= 250 else { continue }
                        let keep = Double(255 - alpha) / 255
                        func channel(_ shift: UInt32) -> (glyph: Double, background: Double) {
                            let background = Double((bottom >> shift) & 0xFF) / 255
                            return (min(1, Double((top >> shift) & 0xFF) / 255 + keep * background), background)
                        }
                        let red = channel(16), green = channel(8), blue = channel(0)
                        let glyph = Color(red: red.glyph, green: green.glyph, blue: blue.glyph)
                        let background = Color(red: red.background, green: green.background, blue: blue.background)
                        ratios.append(glyph.contrastRatio(with: background))
                        glyphSum = (glyphSum.0 + red.glyph, glyphSum.1 + green.glyph, glyphSum.2 + blue.glyph)
                        backgroundSum = (backgroundSum.0 + red.background, backgroundSum.1 + green.background,
                                         backgroundSum.2 + blue.background)
                    }
                }
                guard ratios.count >= minimumPixels else { return nil }
                ratios.sort()
                let n = Double(ratios.count)
                return Measure(ratio: ratios[ratios.count / 2],
                               glyph: Color(red: glyphSum.0 / n, green: glyphSum.1 / n, blue: glyphSum.2 / n),
                               background: Color(red: backgroundSum.0 / n, green: backgroundSum.1 / n, blue: backgroundSum.2 / n),
                               time: 0)
            }
        }
    }
}
