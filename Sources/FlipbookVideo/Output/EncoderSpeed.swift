/// What an x264 preset name means to libvpx and libaom, which have speeds instead of presets: a
/// mode (libvpx's `deadline`, libaom's `usage`) and a `cpu-used`, higher being faster.
///
/// `medium` keeps each encoder's balanced default (VP9 good/4, AV1 good/6); the fastest presets
/// switch to the real-time modes, the slowest lower `cpu-used` towards 0. libvpx's good mode stops
/// getting faster above 5 (5, 6 and 8 wrote identical files), and FFmpeg 5.1 takes libaom's
/// `cpu-used` up to 8.
struct EncoderSpeed: Equatable {
    /// libvpx's `deadline` or libaom's `usage`: "good" or "realtime".
    var mode: String
    /// `cpu-used`.
    var cpuUsed: Int
}

extension X264Preset {
    /// This preset's speed for libvpx-vp9.
    var vp9Speed: EncoderSpeed {
        switch self {
        case .ultrafast: EncoderSpeed(mode: "realtime", cpuUsed: 8)
        case .superfast: EncoderSpeed(mode: "realtime", cpuUsed: 7)
        case .veryfast: EncoderSpeed(mode: "realtime", cpuUsed: 6)
        case .faster, .fast: EncoderSpeed(mode: "good", cpuUsed: 5)
        case .medium: EncoderSpeed(mode: "good", cpuUsed: 4)
        case .slow: EncoderSpeed(mode: "good", cpuUsed: 3)
        case .slower: EncoderSpeed(mode: "good", cpuUsed: 2)
        case .veryslow: EncoderSpeed(mode: "good", cpuUsed: 1)
        case .placebo: EncoderSpeed(mode: "good", cpuUsed: 0)
        }
    }

    /// This preset's speed for libaom-av1.
    var av1Speed: EncoderSpeed {
        switch self {
        case .ultrafast: EncoderSpeed(mode: "realtime", cpuUsed: 8)
        case .superfast: EncoderSpeed(mode: "realtime", cpuUsed: 7)
        case .veryfast: EncoderSpeed(mode: "realtime", cpuUsed: 6)
        case .faster, .fast, .medium: EncoderSpeed(mode: "good", cpuUsed: 6)
        case .slow: EncoderSpeed(mode: "good", cpuUsed: 5)
        case .slower: EncoderSpeed(mode: "good", cpuUsed: 4)
        case .veryslow: EncoderSpeed(mode: "good", cpuUsed: 3)
        case .placebo: EncoderSpeed(mode: "good", cpuUsed: 2)
        }
    }
}
