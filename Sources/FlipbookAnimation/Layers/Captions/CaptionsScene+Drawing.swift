import FlipbookDrawing
import Foundation

extension CaptionsScene {
    /// The spring a word pops in with: SwiftUI's bouncy spring at a quick pace.
    public static let popSpring = Spring.bouncy(duration: 0.4)
    /// The scale a popping word starts from.
    public static let popStartScale = 0.5

    /// A popping word's scale `elapsed` seconds after it starts: from ``popStartScale`` to 1 along
    /// ``popSpring``.
    public static func popScale(elapsed: TimeInterval) -> Double {
        popStartScale + popSpring.value(target: 1 - popStartScale, time: max(elapsed, 0))
    }

    /// The largest scale a popping word reaches: 1 plus the spring's overshoot of its distance,
    /// e^(−πζ/√(1−ζ²)) for a damping ratio ζ below 1 (none at or above it).
    static var popPeak: Double {
        let zeta = popSpring.dampingRatio
        guard zeta < 1 else { return 1 }
        return 1 + (1 - popStartScale) * exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot())
    }

    public func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        for (index, rise) in stack(at: time) {
            var canvas = context
            if rise != 0 { canvas.translateBy(x: 0, y: -rise) }
            draw(page: index, in: canvas, time: time)
        }
    }

    /// One page as it is at `time`.
    private func draw(page index: Int, in context: CairoCanvas, time: TimeInterval) {
        let layout = layouts[index], page = pages[index]
        var canvas = context
        if layout.isCut { canvas.clip(to: Path(box)) }
        let spoken = page.spokenWord(at: time)
        // The words the cue's markup colours, drawn over the page in their colours (under the highlight).
        func colourWords(_ words: [Int]) {
            for word in words {
                if let own = page.words[word].color { drawWord(word, of: layout, color: own, scale: 1, in: canvas) }
            }
        }
        switch style {
        case .plain:
            drawPage(layout, in: canvas)
            colourWords(Array(page.words.indices))
        case .highlight:
            if pill, let spoken { fillPill(layout, word: spoken, scale: 1, in: canvas) }
            drawPage(layout, in: canvas)
            colourWords(Array(page.words.indices))
            if !pill, let spoken { drawWord(spoken, of: layout, color: highlightColor, scale: 1, in: canvas) }
        case .wordByWord:
            // The words started so far, in one drawing clipped to their boxes.
            let shown = page.words.indices.filter { page.words[$0].start <= time }
            var clipped = canvas
            clipped.clip(to: Path { path in path.addRects(shown.flatMap(layout.clipBoxes(ofWord:))) })
            drawPage(layout, in: clipped)
            colourWords(shown)
        case .pop:
            for word in page.words.indices where page.words[word].start <= time {
                let scale = layout.isCut ? 1 : CaptionsScene.popScale(elapsed: time - page.words[word].start)
                let isSpoken = word == spoken
                if pill, isSpoken { fillPill(layout, word: word, scale: scale, in: canvas) }
                drawWord(word, of: layout, color: isSpoken && !pill ? highlightColor : page.words[word].color ?? color, scale: scale,
                         in: canvas)
            }
        }
    }

    /// `canvas` scaled by `scale` about the middle of `boxes`.
    private func scaled(_ canvas: CairoCanvas, by scale: Double, about boxes: [CGRect]) -> CairoCanvas {
        var scaled = canvas
        guard scale != 1, let first = boxes.first else { return scaled }
        let middle = boxes.dropFirst().reduce(first) { $0.union($1) }
        scaled.translateBy(x: middle.midX, y: middle.midY)
        scaled.scaleBy(x: scale, y: scale)
        scaled.translateBy(x: -middle.midX, y: -middle.midY)
        return scaled
    }

    /// The whole page in ``color``.
    private func drawPage(_ layout: CaptionPageLayout, in canvas: CairoCanvas) {
        guard parts != .pills else { return }
        canvas.draw(layout.text.foregroundColor(color), in: layout.rect)
    }

    /// One word of the page, in `color`, scaled by `scale` about its middle.
    private func drawWord(_ word: Int, of layout: CaptionPageLayout, color: Color, scale: Double, in canvas: CairoCanvas) {
        guard parts != .pills else { return }
        let boxes = layout.clipBoxes(ofWord: word)
        var wordCanvas = scaled(canvas, by: scale, about: boxes)
        wordCanvas.clip(to: Path { path in path.addRects(boxes) })
        wordCanvas.draw(layout.text.foregroundColor(color), in: layout.rect)
    }

    /// The pill behind a word, in the highlight colour, scaled with the word.
    private func fillPill(_ layout: CaptionPageLayout, word: Int, scale: Double, in canvas: CairoCanvas) {
        guard parts != .words else { return }
        let pillCanvas = scaled(canvas, by: scale, about: layout.clipBoxes(ofWord: word))
        for box in layout.pillBoxes(ofWord: word) {
            let radius = min(box.height / 2, layout.fontSize * CaptionLook.pillCornerRadius)
            pillCanvas.fill(Path(roundedRect: box, cornerRadius: radius), with: .color(highlightColor))
        }
    }
}
