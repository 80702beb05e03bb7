import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneReference {
    /// What `flipbook scenes FILE` adds for a file whose times are worked out rather than written (a
    /// sequence, an `"auto"` length): each layer's start and end in timeline seconds; `nil` for a file
    /// whose times are all written, or a template still missing values.
    ///
    /// - Throws: ``FlipbookError`` when the file's timeline cannot be made (a transition too long…).
    public static func layerTimes(of file: SceneFile) throws -> String? {
        guard file.missingParameters.isEmpty, file.durationIsAuto || file.hasWorkedOutTimes else { return nil }
        let timeline = try file.makeTimeline()
        let times = timeline.layerTimes
        let width = times.map(\.layer.count).max() ?? 0
        let rows: [String] = times.map { time in
            "  " + time.layer.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + time.span
        }
        let heading = "Times (\(formatNumber(timeline.duration)) s in all):"
        return ([heading] + rows).joined(separator: "\n")
    }
}

extension SceneFile {
    /// Whether any layer is a sequence or has an `"auto"` end or duration.
    var hasWorkedOutTimes: Bool {
        var found = false
        var copy = self
        copy.changeEveryLayer { layer in
            if case .sequence = layer.content { found = true }
            if layer.endIsAuto || layer.durationIsAuto { found = true }
        }
        return found
    }
}
