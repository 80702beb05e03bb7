import FlipbookAnimation
import FlipbookCore
import FlipbookDrawing
import FlipbookSceneFile
import Foundation

/// What checking a scene found (``checkScene(_:relativeTo:)``): every problem once, with the moments
/// looked at.
public struct SceneCheck: Sendable {
    /// The most findings of one rule a listing shows; the rest are counted.
    public static let limitPerRule = 5

    /// Every finding, errors first, then in the order of the layers.
    public var findings: [CheckFinding]
    /// The timeline the pictures were drawn from; `nil` when a render would refuse the scene.
    public var timeline: Timeline?
    /// The moments drawn and looked at, as a contact sheet of them (`check --sheet`) shows them.
    public var sheet: ContactSheet

    /// Whether a render would refuse the scene.
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// The findings a listing shows, at most ``limitPerRule`` of each rule, and how many of each
    /// rule were left out.
    public var bounded: (shown: [CheckFinding], omitted: [(rule: CheckFinding.Rule, count: Int)]) {
        var counts: [CheckFinding.Rule: Int] = [:]
        var shown: [CheckFinding] = []
        for finding in findings {
            counts[finding.rule, default: 0] += 1
            if counts[finding.rule]! <= Self.limitPerRule { shown.append(finding) }
        }
        let omitted = CheckFinding.Rule.allCases.compactMap { rule -> (rule: CheckFinding.Rule, count: Int)? in
            let left = (counts[rule] ?? 0) - Self.limitPerRule
            return left > 0 ? (rule, left) : nil
        }
        return (shown, omitted)
    }
}

/// Checks the scene `request` asks for, as an agent or a person wants before rendering: everything a
/// render refuses (the same messages; every one, where a render stops at the first), and what it
/// would draw badly at sampled moments — a font the machine lacks, a text cut to fit its box, a
/// layer (a group's child too) off the canvas or a text outside the title-safe area, text whose
/// contrast with the pixels under it (a caption's pill under its word) is below WCAG's 4.5:1,
/// Lottie parts rlottie does not draw, captions never shown, sound that clips.
///
/// Never throws: a problem reading or drawing the scene is a finding. `placing` may place a refusal
/// of a value the caller gave (a command line puts it at its flag) before it becomes a finding.
public func checkScene(_ request: SceneRequest, relativeTo directory: URL? = nil,
                       placing: (FlipbookError) -> FlipbookError = { $0 }) -> SceneCheck {
    var check = SceneCheck(findings: [], timeline: nil, sheet: ContactSheet())
    let refusals = SceneRefusals.collect(request, relativeTo: directory)
    guard refusals.isEmpty, let file = refusals.file, let timeline = refusals.timeline else {
        check.findings = refusals.findings(request, relativeTo: directory, placing: placing)
        return check
    }
    check.timeline = timeline
    check.sheet = CheckMoments.sheet(for: timeline)
    let moments = (try? check.sheet.tiles(of: timeline).map(\.time)) ?? [0]
    let layers = CheckedLayer.all(in: timeline, file: file)
    var findings: [CheckFinding] = []
    for layer in layers {
        findings += LayerNotes.findings(for: layer, timeline: timeline)
        findings += TextFitCheck.findings(for: layer, at: moments, canvas: timeline.size,
                                           baseDirectory: file.baseDirectory)
    }
    findings += CanvasCheck.findings(for: layers, in: timeline, at: moments)
    findings += ContrastCheck.findings(for: layers, in: timeline, at: moments)
    findings += AudioCheck.findings(for: layers, timeline: timeline)
    check.findings = findings.filter { $0.severity == .error } + findings.filter { $0.severity == .warning }
    return check
}

/// The moments a check draws: those of a contact sheet, the first and the last frame and evenly
/// between, so `check --sheet` shows exactly what was looked at.
enum CheckMoments {
    /// Six moments (fewer for a clip of fewer frames) in three columns.
    static func sheet(for timeline: Timeline) -> ContactSheet {
        let count = max(1, min(6, timeline.frameCount))
        let columns = min(3, count)
        return ContactSheet(spacing: .grid(columns: columns, rows: count / columns), tileWidth: ContactSheet.defaultTileWidth)
    }
}

/// A moment as findings name it: "0.767 s", to the millisecond.
func spoken(moment time: TimeInterval) -> String {
    formatNumber((time * 1000).rounded() / 1000) + " s"
}

extension SceneCheck {
    /// The check of a scene a render refuses before any request is made of it (a scene file's text
    /// that does not read): its one error.
    public static func refused(_ error: FlipbookError) -> SceneCheck {
        SceneCheck(findings: [CheckFinding(refusal: error)], timeline: nil, sheet: ContactSheet())
    }
}
