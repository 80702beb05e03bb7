import FlipbookCore
import Foundation

/// The H.264 level a stream signals, and why: x264's own choice when the stream keeps to it, else
/// the lowest level whose limits (H.264 Table A-1) the encoded stream meets.
package struct LevelChoice: Sendable, Equatable {
    /// The level signalled, as people write it ("5.1").
    package var level: String
    /// The level x264 chose from the picture, rate and reference frames ("4.2").
    package var encoderLevel: String
    /// Why, for reports: "level 5.1: a one-second peak of 74.8 Mb/s is over 4.2's 62.5 Mb/s".
    package var note: String
    /// The `level_idc` signalled.
    var levelIDC: Int
}

/// Measures a stream against the levels of Table A-1.
struct LevelFit {
    var sps: SequenceParameterSet
    var rates: StreamRates
    var fps: FrameRate

    /// The lowest level, from x264's upward, that holds every limit; the highest level when none
    /// does (the stream is then over every limit, and that level is the least wrong).
    func choice() -> LevelChoice {
        let encoder = H264Level(profile: sps.profile, level: sps.isLevelOneB ? 9 : sps.level)
        let start = H264LevelLimits.rank(encoder.level) ?? 0
        // Level 1b outside High profiles needs constraint_set3, more than level_idc: left out.
        let candidates = H264LevelLimits.table[start...].filter { !($0.level == 9 && [66, 77, 88].contains(sps.profile)) }
        var previous: (name: String, problem: String)?
        for row in candidates {
            let level = H264Level(profile: sps.profile, level: row.level)
            guard let problem = problem(at: row, level: level) else {
                let note = previous.map { "level \(level.name): \($0.problem)" }
                    ?? "level \(level.name): x264's choice, the stream fits it"
                return LevelChoice(level: level.name, encoderLevel: encoder.name, note: note, levelIDC: row.level)
            }
            previous = (level.name, problem)
        }
        let top = H264Level(profile: sps.profile, level: H264LevelLimits.table[H264LevelLimits.table.count - 1].level)
        return LevelChoice(level: top.name, encoderLevel: encoder.name,
                           note: "level \(top.name), the highest: \(previous?.problem ?? "the stream is over its limits")",
                           levelIDC: top.level)
    }

    /// The first limit of `row` the stream goes over, in words, or `nil` when it keeps to all.
    private func problem(at row: H264LevelLimits, level: H264Level) -> String? {
        let name = level.name
        let frame = sps.widthMacroblocks * sps.heightMacroblocks
        let side = Int(Double(8 * row.frameMacroblocks).squareRoot())
        if frame > row.frameMacroblocks || sps.widthMacroblocks > side || sps.heightMacroblocks > side {
            return "a frame of \(sps.widthMacroblocks)×\(sps.heightMacroblocks) macroblocks is over \(name)'s \(row.frameMacroblocks)"
        }
        let perSecond = Double(frame) * fps.framesPerSecond
        if perSecond > Double(row.macroblocksPerSecond) {
            return "\(Int(perSecond.rounded())) macroblocks a second are over \(name)'s \(row.macroblocksPerSecond)"
        }
        let pictures = min(row.bufferMacroblocks / max(frame, 1), 16)
        if sps.bufferedFrames > pictures {
            return "\(sps.bufferedFrames) buffered frames are over \(name)'s \(pictures)"
        }
        let maxBitrate = row.bitrate * level.quarters / 4 * 1000
        let decodePeak = rates.peakBitsPerSecond(fps: fps)
        if decodePeak > maxBitrate {
            return "a one-second peak of \(megabits(decodePeak))b/s is over \(name)'s \(megabits(maxBitrate))b/s"
        }
        let displayPeak = rates.peakBitsPerSecondInDisplayOrder(fps: fps)
        if displayPeak > maxBitrate {
            return "a one-second peak of \(megabits(displayPeak))b/s in display order is over \(name)'s \(megabits(maxBitrate))b/s"
        }
        let maxBuffer = row.buffer * level.quarters / 4 * 1000
        let buffer = rates.bufferBitsNeeded(bitrate: maxBitrate, fps: fps)
        if buffer > maxBuffer {
            return "at \(name)'s \(megabits(maxBitrate))b/s the stream needs a buffer of \(megabits(buffer))b, over its \(megabits(maxBuffer))b"
        }
        return nil
    }

    /// "74.8 M", "640 k": one decimal, for messages.
    private func megabits(_ bits: Int) -> String {
        bits >= 1_000_000 ? String(format: "%.1f M", Double(bits) / 1e6) : String(format: "%.0f k", Double(bits) / 1e3)
    }
}

extension SequenceParameterSet {
    /// Level 1b in Baseline, Main and Extended: `level_idc` 11 with constraint_set3.
    var isLevelOneB: Bool { level == 11 && constraintFlags & 0x10 != 0 && [66, 77, 88].contains(profile) }
}
