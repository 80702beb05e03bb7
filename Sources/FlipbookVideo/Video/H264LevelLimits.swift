import Foundation

/// One row of H.264's Table A-1: what a level allows a decoder to be asked for.
struct H264LevelLimits: Sendable {
    /// `level_idc` (9 stands for level 1b).
    var level: Int
    /// MaxMBPS: macroblocks per second.
    var macroblocksPerSecond: Int
    /// MaxFS: macroblocks per frame.
    var frameMacroblocks: Int
    /// MaxDpbMbs: macroblocks the decoded picture buffer holds.
    var bufferMacroblocks: Int
    /// MaxBR in 1000 bit/s and MaxCPB in 1000 bit, before the profile's cpbBrVclFactor.
    var bitrate: Int
    var buffer: Int

    /// Table A-1, lowest level first (level 1b, `level_idc` 9, sits between 1 and 1.1).
    static let table: [H264LevelLimits] = [
        .init(10, 1_485, 99, 396, 64, 175), .init(9, 1_485, 99, 396, 128, 350),
        .init(11, 3_000, 396, 900, 192, 500), .init(12, 6_000, 396, 2_376, 384, 1_000),
        .init(13, 11_880, 396, 2_376, 768, 2_000), .init(20, 11_880, 396, 2_376, 2_000, 2_000),
        .init(21, 19_800, 792, 4_752, 4_000, 4_000), .init(22, 20_250, 1_620, 8_100, 4_000, 4_000),
        .init(30, 40_500, 1_620, 8_100, 10_000, 10_000), .init(31, 108_000, 3_600, 18_000, 14_000, 14_000),
        .init(32, 216_000, 5_120, 20_480, 20_000, 20_000), .init(40, 245_760, 8_192, 32_768, 20_000, 25_000),
        .init(41, 245_760, 8_192, 32_768, 50_000, 62_500), .init(42, 522_240, 8_704, 34_816, 50_000, 62_500),
        .init(50, 589_824, 22_080, 110_400, 135_000, 135_000), .init(51, 983_040, 36_864, 184_320, 240_000, 240_000),
        .init(52, 2_073_600, 36_864, 184_320, 240_000, 240_000), .init(60, 4_177_920, 139_264, 696_320, 240_000, 240_000),
        .init(61, 8_355_840, 139_264, 696_320, 480_000, 480_000), .init(62, 16_711_680, 139_264, 696_320, 800_000, 800_000),
    ]

    private init(_ level: Int, _ mbps: Int, _ fs: Int, _ dpb: Int, _ bitrate: Int, _ buffer: Int) {
        self.level = level
        macroblocksPerSecond = mbps
        frameMacroblocks = fs
        bufferMacroblocks = dpb
        self.bitrate = bitrate
        self.buffer = buffer
    }

    /// The row of `level_idc`, or `nil` for a value the table does not have.
    static func row(_ level: Int) -> H264LevelLimits? { table.first { $0.level == level } }

    /// The position of `level_idc` in the table (so 1b counts as between 1 and 1.1), or `nil`.
    static func rank(_ level: Int) -> Int? { table.firstIndex { $0.level == level } }

    /// The `level_idc` a person's "4.2", "42", "5" or "1b" names, or `nil`.
    static func level(named name: String) -> Int? {
        if name.trimmingCharacters(in: .whitespaces).lowercased() == "1b" { return 9 }
        guard let idc = tenTimes(name), idc != 9, row(idc) != nil else { return nil }
        return idc
    }

    /// Ten times a level written "4.2", "4", "4.0" or "42", or `nil` for anything else.
    static func tenTimes(_ name: String) -> Int? {
        let parts = name.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
        let digits = parts.allSatisfy { !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        guard digits else { return nil }
        switch parts.count {
        case 1: return Int(parts[0]).map { $0 < 10 ? $0 * 10 : $0 }
        case 2: return parts[1].count == 1 ? Int(parts[0]).flatMap { major in Int(parts[1]).map { major * 10 + $0 } } : nil
        default: return nil
        }
    }
}
