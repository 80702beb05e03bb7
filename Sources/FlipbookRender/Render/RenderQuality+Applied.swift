import FlipbookAnimation
import FlipbookCore
import FlipbookVideo

extension RenderQuality {
    /// `timeline` drawn at this quality's pixel size.
    public func applied(to timeline: Timeline) -> Timeline {
        var timeline = timeline
        timeline.scale *= pixelScale
        return timeline
    }

    /// `options` with the changes the encoder rows state for this quality (``Setting/qualityChanges``),
    /// where `codec` has the setting and the caller did not give it (`given` holds the keys given,
    /// ``RenderRequest/givenKeys``).
    public func applied(to options: VideoOptions, codec: VideoCodec, given: Set<String>) -> VideoOptions {
        var options = options
        for row in Setting.encoderSettings where !given.contains(row.key) {
            guard let change = row.qualityChanges[self], let field = row.field,
                  row.codecs?.contains(codec.rawValue) ?? true else { continue }
            let text: String
            switch change {
            case .value(let value):
                text = value
            case .offset(let offset):
                guard let value = field.value(Int.self, in: options) else { continue }
                let bounds = row.codecRange(for: codec.rawValue)?.bounds ?? Int.min...Int.max
                let (sum, overflow) = value.addingReportingOverflow(offset)
                let moved = overflow ? (offset < 0 ? Int.min : Int.max) : sum
                text = String(min(max(moved, bounds.lowerBound), bounds.upperBound))
            }
            // The table's own values, kept inside the codec's range: reading them cannot fail, and the
            // row tests (`RenderQualityTests`) read each one.
            _ = try? field.read(.text(text), as: row, into: &options)
        }
        return options
    }
}

extension RenderQuality {
    /// "draft: half size, preset ultrafast; high: preset slow, crf 4 lower": what each shortcut
    /// changes, read from the rows that state it, for `--quality`'s help.
    static var summary: String {
        allCases.compactMap { quality -> String? in
            var changes: [String] = []
            if quality.pixelScale != 1 {
                changes.append(quality.pixelScale == 0.5 ? "half size" : "\(formatNumber(quality.pixelScale))× size")
            }
            for row in Setting.encoderSettings {
                switch row.qualityChanges[quality] {
                case .value(let value): changes.append("\(row.key) \(value)")
                case .offset(let offset): changes.append("\(row.key) \(abs(offset)) \(offset < 0 ? "lower" : "higher")")
                case nil: break
                }
            }
            return changes.isEmpty ? nil : "\(quality.rawValue): " + changes.joined(separator: ", ")
        }.joined(separator: "; ") + "."
    }
}
