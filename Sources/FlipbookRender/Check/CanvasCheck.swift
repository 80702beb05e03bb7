import FlipbookAnimation
import FlipbookCore
import Foundation

/// Layers whose box leaves the canvas, and texts outside the title-safe area, at the moments looked
/// at: each layer once per rule, at the first moment it happens, with the position that brings the
/// box inside.
enum CanvasCheck {
    /// The margin of the title-safe area on each side, as a fraction of the canvas (EBU R 95 and
    /// SMPTE ST 2046-1 keep titles inside the central 90 %).
    static let titleSafeMargin = 0.05

    static func findings(for layers: [CheckedLayer], in timeline: Timeline, at moments: [TimeInterval]) -> [CheckFinding] {
        let canvas = CGRect(origin: .zero, size: timeline.size)
        let safe = canvas.insetBy(dx: canvas.width * titleSafeMargin, dy: canvas.height * titleSafeMargin)
        var findings: [CheckFinding] = []
        for checked in layers {
            guard checked.topLevelIndex != nil else { continue }
            let layer = checked.layer
            let isText = layer.scene is TextScene
            var offReported = false, safeReported = false
            for time in moments where layer.isActive(at: time) && !offReported {
                let local = time - layer.start
                guard layer.keyframedOpacity.value(at: local) > 0,
                      let frame = layer.frame(parent: timeline.size, localTime: local), frame.width > 0, frame.height > 0
                else { continue }
                // A box covering the whole canvas is a background bleeding off it on purpose.
                let bleeds = frame.contains(canvas)
                if !frame.intersects(canvas) || (!canvas.contains(frame) && !bleeds) {
                    let wholly = !frame.intersects(canvas)
                    findings.append(CheckFinding(
                        .warning, .offCanvas, pointer: checked.pointer("position"),
                        message: "the layer's box (\(describe(frame))) is \(wholly ? "wholly" : "partly") off the "
                            + "\(describe(canvas.size)) canvas at \(spoken(moment: time)).",
                        fix: fix(checked, frame: frame, inside: canvas, named: "the canvas", local: local, canvas: canvas.size)))
                    offReported = true
                } else if isText, !safeReported, !safe.contains(frame) {
                    findings.append(CheckFinding(
                        .warning, .titleSafe, pointer: checked.pointer("position"),
                        message: "the text's box (\(describe(frame))) reaches outside the title-safe area "
                            + "(\(describe(safe)), the central 90 %) at \(spoken(moment: time)).",
                        fix: fix(checked, frame: frame, inside: safe, named: "the title-safe area", local: local, canvas: canvas.size)))
                    safeReported = true
                }
            }
        }
        return findings
    }

    /// "position [540, 300] puts the box inside the canvas", with a smaller box asked for when it is
    /// larger than the area.
    private static func fix(_ checked: CheckedLayer, frame: CGRect, inside area: CGRect, named name: String,
                            local: TimeInterval, canvas: CGSize) -> String {
        func shift(_ low: CGFloat, _ high: CGFloat, _ areaLow: CGFloat, _ areaHigh: CGFloat) -> CGFloat {
            if high - low > areaHigh - areaLow { return (areaLow + areaHigh) / 2 - (low + high) / 2 }
            if low < areaLow { return areaLow - low }
            if high > areaHigh { return areaHigh - high }
            return 0
        }
        let dx = shift(frame.minX, frame.maxX, area.minX, area.maxX)
        let dy = shift(frame.minY, frame.maxY, area.minY, area.maxY)
        let position = checked.layer.position?.value(at: local) ?? CGPoint(x: canvas.width / 2, y: canvas.height / 2)
        let moved = "[\(formatNumber(Double((position.x + dx).rounded()))), \(formatNumber(Double((position.y + dy).rounded())))]"
        let keyframed = checked.layer.position.map { $0.constantValue == nil } ?? false
        let tooLarge = frame.width > area.width || frame.height > area.height
        return "position \(moved)\(keyframed ? " at that moment" : "") puts the box inside \(name)"
            + (tooLarge ? ", with a box (size, scale or font.size) no larger than \(describe(area.size))" : "")
    }

    private static func describe(_ rect: CGRect) -> String {
        "x \(formatNumber(Double(rect.minX.rounded())))…\(formatNumber(Double(rect.maxX.rounded()))), "
            + "y \(formatNumber(Double(rect.minY.rounded())))…\(formatNumber(Double(rect.maxY.rounded())))"
    }

    private static func describe(_ size: CGSize) -> String {
        "\(formatNumber(Double(size.width.rounded())))×\(formatNumber(Double(size.height.rounded())))"
    }
}
