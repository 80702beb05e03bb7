import CFFmpeg

/// A rate cap for x264 or x265: the highest rate in kbit/s and the decoder buffer in kbit, their units.
struct VBV: Equatable, CustomStringConvertible {
    var maxRate: Int
    var bufferSize: Int

    /// A cap of `bits` per second with a 1-second buffer (rounded up to whole kbit), as FFmpeg
    /// users write `-maxrate 8M -bufsize 8M`.
    init(maxBitrate bits: Int) {
        maxRate = (bits + 999) / 1000
        bufferSize = maxRate
    }

    init(maxRate: Int, bufferSize: Int) {
        self.maxRate = maxRate
        self.bufferSize = bufferSize
    }

    /// "max 62.5 Mb/s": for the summary of the encoder's settings.
    var description: String { "max \(formatBitrate(maxRate * 1000))b/s" }
}

/// The H.264 profile and level a stream signals in its sequence parameter set, and what that level
/// allows (H.264 Table A-1, the same numbers as x264's `x264_levels`).
struct H264Level: Equatable {
    /// `profile_idc`: 66 Baseline, 77 Main, 100 High, 110 High 10, 122 High 4:2:2, 244 High 4:4:4.
    var profile: Int
    /// `level_idc`: ten times the level (42 is 4.2); 9 is level 1b.
    var level: Int

    /// The profile's factor on the level's bit rate and buffer, in quarters (cpbBrVclFactor ÷ 1000,
    /// as x264 applies it): High 5/4, High 10 3, High 4:2:2 and 4:4:4 4, the others 1.
    var quarters: Int {
        profile >= 122 ? 16 : profile == 110 ? 12 : profile == 100 ? 5 : 4
    }

    /// The level's maximum bit rate for this profile, in kbit/s.
    var maxBitrate: Int? { H264LevelLimits.row(level).map { $0.bitrate * quarters / 4 } }

    /// The level's largest coded picture buffer for this profile, in kbit.
    var maxBuffer: Int? { H264LevelLimits.row(level).map { $0.buffer * quarters / 4 } }

    /// The cap that keeps a stream within this level however it is measured, or `nil` for an
    /// unknown `level_idc`: 70 % of the level's maximum rate with a buffer of a quarter-second of
    /// it, so that no one-second stretch of the stream goes over the maximum rate.
    ///
    /// A VBV only bounds the bits of any stretch of T seconds by `buffer + rate × T`. At the level's
    /// own rate and buffer (62.5 Mb/s and 78 Mb for High 4.2) one second of the 10,000-particle storm
    /// carried 75 Mb; with 0.25 + 0.7 × (1 s + three reordered frames) the bound stays under the
    /// maximum, and the buffer still holds a 1080p keyframe. Its CPB is also well within the level's.
    var vbv: VBV? {
        guard let maxBitrate else { return nil }
        return VBV(maxRate: maxBitrate * 7 / 10, bufferSize: maxBitrate / 4)
    }

    /// The level as people write it: "4.2", "1b".
    var name: String { level == 9 ? "1b" : "\(level / 10).\(level % 10)" }

    /// The profile and level in an open encoder's global header (Annex B SPS in `extradata`), or
    /// `nil` when it has none.
    static func signalled(by context: UnsafeMutablePointer<AVCodecContext>) -> H264Level? {
        guard let data = context.pointee.extradata, context.pointee.extradata_size > 0 else { return nil }
        return inParameterSets(UnsafeBufferPointer(start: data, count: Int(context.pointee.extradata_size)))
    }

    /// The profile and level of the first sequence parameter set (NAL type 7) in Annex B bytes.
    static func inParameterSets(_ bytes: UnsafeBufferPointer<UInt8>) -> H264Level? {
        var index = 0
        while index + 6 < bytes.count {
            // A start code 00 00 01, then the NAL header, profile_idc, constraint flags, level_idc.
            if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1, bytes[index + 3] & 0x1F == 7 {
                let profile = Int(bytes[index + 4]), constraints = bytes[index + 5], level = Int(bytes[index + 6])
                // Level 1b in Baseline, Main and Extended: level_idc 11 with constraint_set3.
                let isOneB = level == 11 && constraints & 0x10 != 0 && [66, 77, 88].contains(profile)
                return H264Level(profile: profile, level: isOneB ? 9 : level)
            }
            index += 1
        }
        return nil
    }
}
