import FlipbookAnimation
import FlipbookCore
import Foundation

/// Layers whose box leaves the canvas, and texts outside the title-safe area, at the moments looked
/// at: each layer once per rule, at the first moment it happens, with the position that brings the
/// box inside. A group's child is placed on the canvas by its groups' placements at that moment.
enum CanvasCheck {
    /// The margin of the title-safe area on each side, as a fraction of the canvas (EBU R 95 and
    /// SMPTE ST 2046-1 keep titles inside the central 90 %).
    static let titleSafeMargin = 0.05

    static func findings(for layers: [CheckedLayer], in timeline: Timeline, at moments: [TimeInterval]) -> [CheckFinding] {
        let canvas = CGRect(origin: .zero, size: timeline.size)
        let safe = canvas.insetBy(dx: canvas.width * titleSafeMargin, dy: canvas.height * titleSafeMargin)
        var findings: [CheckFinding] = []
        for checked in layers {
            let isText = checked.layer.scene is TextScene
            var offReported = false, safeReported = false
            for time in moments where !offReported {
                guard let (frame, placed) = checked.frame(at: time, canvas: canvas.size), frame.width > 0, frame.height > 0
                else { continue }
                // A box covering the whole canvas is a background bleeding off it on purpose.
                let bleeds = frame.contains(canvas)
                if !frame.intersects(canvas) || (!canvas.contains(frame) && !bleeds) {
                    let wholly = !frame.intersects(canvas)
                    findings.append(CheckFinding(
                        .warning, .offCanvas, pointer: checked.pointer("position"),
                        message: "the layer's box (\(describe(frame))) is \(wholly ? "wholly" : "partly") off the "
                            + "\(describe(canvas.size)) canvas at \(spoken(moment: time)).",
                        fix: fix(checked, frame: frame, inside: canvas, named: "the canvas", placed: placed)))
                    offReported = true
                } else if isText, !safeReported, !safe.contains(frame) {
                    findings.append(CheckFinding(
                        .warning, .titleSafe, pointer: checked.pointer("position"),
                        message: "the text's box (\(describe(frame))) reaches outside the title-safe area "
                            + "(\(describe(safe)), the central 90 %) at \(spoken(moment: time)).",
                        fix: fix(checked, frame: frame, inside: safe, named: "the title-safe area", placed: placed)))
                    safeReported = true
                }
            }
        }
        return findings
    }

    /// "position [540, 300] puts the box inside the canvas", with a smaller box asked for when it is
    /// larger than the area; a group's child moves in its group's space, so the move on the canvas is
    /// turned and scaled back into it.
    private static func fix(_ checked: CheckedLayer, frame: CGRect, inside area: CGRect, named name: String,
                            placed: CheckedLayer.Placed) -> String {
        func shift(_ low: CGFloat, _ high: CGFloat, _ areaLow: CGFloat, _ areaHigh: CGFloat) -> CGFloat {
            if high - low > areaHigh - areaLow { return (areaLow + areaHigh) / 2 - (low + high) / 2 }
            if low < areaLow { return areaLow - low }
            if high > areaHigh { return areaHigh - high }
            return 0
        }
        let onCanvas = CGPoint(x: shift(frame.minX, frame.maxX, area.minX, area.maxX),
                               y: shift(frame.minY, frame.maxY, area.minY, area.maxY))
        let toParent = placed.toCanvas.inverted()
        let move = onCanvas.applying(CGAffineTransform(a: toParent.a, b: toParent.b, c: toParent.c, d: toParent.d, tx: 0, ty: 0))
        let position = checked.layer.position?.value(at: placed.localTime)
            ?? CGPoint(x: placed.parent.width / 2, y: placed.parent.height / 2)
        let moved = "[\(formatNumber(Double((position.x + move.x).rounded()))), \(formatNumber(Double((position.y + move.y).rounded())))]"
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
