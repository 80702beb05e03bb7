import FlipbookCore
import Foundation

/// The H.264 level a clip written in segments signals, decided as one encode's is
/// (`VideoEncoder`'s session): from the first segment's sequence parameter set, which every segment
/// shares, and, when the stream is to signal the level it fits (``LevelFit``), from the sizes of
/// every packet written, patching `level_idc` in the written file where x264's choice is too low.
struct SegmentLevel {
    /// The shared sequence parameter set (a NAL unit), read when the first segment's encoder opened.
    var sps: [UInt8]
    /// The encoder's facts the note states: the level asked for, whether a buffer held the rate,
    /// whether a cap was checked.
    var asked: Bool
    var holdsRate: Bool
    var checked: Bool
    /// Every written packet's size, when the stream signals the level it fits.
    var rates: StreamRates?

    init?(encoder: FrameEncoder) throws {
        guard let nal = try encoder.sequenceParameterSet() else { return nil }
        sps = nal
        asked = encoder.askedLevel != nil
        holdsRate = encoder.holdsRate
        checked = encoder.checkedCap != nil
        rates = encoder.fitsLevel ? StreamRates() : nil
    }

    /// The level signalled and why; patches the file through `sink` when the stream needs a higher one.
    func signal(fps: FrameRate, sink: FileSink, file: URL, what: String) throws -> LevelChoice? {
        guard let parsed = SequenceParameterSet(nal: sps) else { return nil }
        let signalled = H264Level(profile: parsed.profile, level: parsed.isLevelOneB ? 9 : parsed.level)
        guard let rates else {
            let why = asked ? "asked for" : "x264's choice"
            let how = holdsRate ? ", held by x264's rate buffer" : checked ? ", the stream keeps to it" : ""
            return LevelChoice(level: signalled.name, encoderLevel: signalled.name,
                               note: "level \(signalled.name): \(why)\(how)", levelIDC: signalled.level)
        }
        let choice = LevelFit(sps: parsed, rates: rates, fps: fps).choice()
        if choice.levelIDC != parsed.level, let level = UInt8(exactly: choice.levelIDC) {
            try LevelPatch(sps: sps, level: level).apply(to: sink, file: file, what: what)
        }
        return choice
    }
}
