extension VideoCodec {
    /// The levels ``VideoOptions/level`` may name for this codec, as people write them, lowest
    /// first; `nil` for a codec without levels Flipbook sets.
    public var levelNames: [String]? {
        switch self {
        case .h264: H264LevelLimits.table.map { H264Level(profile: 100, level: $0.level).name }
        // general_level_idc is 30 × the level (Table A.8 of H.265); x265 takes the level as written.
        case .hevc: ["1", "2", "2.1", "3", "3.1", "4", "4.1", "5", "5.1", "5.2", "6", "6.1", "6.2"]
        default: nil
        }
    }

    /// The level `name` names for this codec ("4", "4.0" and "40" are the same), as H.264's
    /// `level_idc` (ten times the level, 9 for 1b) or ten times an HEVC level; `nil` when the codec
    /// has no such level.
    func levelNumber(named name: String) -> Int? {
        switch self {
        case .h264: return H264LevelLimits.level(named: name)
        case .hevc:
            guard let number = H264LevelLimits.tenTimes(name) else { return nil }
            return levelNames?.contains { H264LevelLimits.tenTimes($0) == number } == true ? number : nil
        default: return nil
        }
    }

    /// Whether any codec has the level `name`.
    static func anyCodecHasLevel(_ name: String) -> Bool {
        allCases.contains { $0.levelNumber(named: name) != nil }
    }

    /// "H.264 1…6.2, HEVC 1…6.2": the levels per codec, for messages and the settings table.
    public static var levelNamesText: String {
        allCases.compactMap { codec in
            codec.levelNames.map { "\(codec.capabilities.displayName) \($0[0])…\($0[$0.count - 1])" }
        }.joined(separator: ", ")
    }
}
