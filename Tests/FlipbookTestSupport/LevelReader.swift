import Foundation

/// What an H.264 stream's avcC (an MP4's or Matroska's codec extradata) signals, read by the tests
/// themselves rather than by the encoder's own report.
public struct SignalledH264Level: Equatable {
    public var profile: Int
    /// AVCLevelIndication, the avcC's copy of the level.
    public var avcLevel: Int
    /// `level_idc` of the SPS inside the avcC.
    public var spsLevel: Int

    /// Reads `avcC`: version 1, profile, compatibility, level, length size, SPS count, then each
    /// SPS behind its 16-bit length (NAL header, profile_idc, constraint flags, level_idc, …).
    public init?(avcC bytes: [UInt8]) {
        guard bytes.count > 11, bytes[0] == 1, bytes[5] & 0x1F >= 1 else { return nil }
        let length = Int(bytes[6]) << 8 | Int(bytes[7])
        guard length >= 4, bytes.count >= 8 + length, bytes[8] & 0x1F == 7 else { return nil }
        profile = Int(bytes[9])
        avcLevel = Int(bytes[3])
        spsLevel = Int(bytes[11])
    }
}

/// H.264 Table A-1 as the tests read it: `level_idc`, MaxBR (1000 bit/s) and MaxFS, lowest first.
public let h264LevelTable: [(level: Int, maxBitrate: Int, frameMacroblocks: Int, macroblocksPerSecond: Int)] = [
    (10, 64, 99, 1_485), (11, 192, 396, 3_000), (12, 384, 396, 6_000), (13, 768, 396, 11_880),
    (20, 2_000, 396, 11_880), (21, 4_000, 792, 19_800), (22, 4_000, 1_620, 20_250), (30, 10_000, 1_620, 40_500),
    (31, 14_000, 3_600, 108_000), (32, 20_000, 5_120, 216_000), (40, 20_000, 8_192, 245_760),
    (41, 50_000, 8_192, 245_760), (42, 50_000, 8_704, 522_240), (50, 135_000, 22_080, 589_824),
    (51, 240_000, 36_864, 983_040), (52, 240_000, 36_864, 2_073_600), (60, 240_000, 139_264, 4_177_920),
    (61, 480_000, 139_264, 8_355_840), (62, 800_000, 139_264, 16_711_680),
]

/// The High profile's maximum bit rate at `level` (cpbBrVclFactor 1250), in bits per second.
public func highProfileMaxBitrate(level: Int) -> Int? {
    h264LevelTable.first { $0.level == level }.map { $0.maxBitrate * 1250 }
}

/// The most bits any `framesPerSecond` consecutive packets carry, in decode or display order.
public func peakOneSecondBits(_ stream: ProbedStream, framesPerSecond: Int, displayOrder: Bool) -> Int {
    let sorted = stream.packets.sorted { displayOrder ? $0.time < $1.time : $0.decodeTime < $1.decodeTime }
    let bits = sorted.map { $0.size * 8 }
    guard bits.count >= framesPerSecond else { return bits.reduce(0, +) }
    return (0...(bits.count - framesPerSecond)).map { bits[$0..<($0 + framesPerSecond)].reduce(0, +) }.max() ?? 0
}

/// The lowest High-profile level whose bit rate, frame size and macroblock rate hold a stream of
/// `peak` bits a second at `width`×`height` pixels and `fps` frames a second.
public func lowestHighLevel(peak: Int, width: Int, height: Int, fps: Double) -> Int? {
    let frame = ((width + 15) / 16) * ((height + 15) / 16)
    return h264LevelTable.first {
        $0.maxBitrate * 1250 >= peak && $0.frameMacroblocks >= frame && Double($0.macroblocksPerSecond) >= Double(frame) * fps
    }?.level
}

/// The steps between two levels of the table (4.2 → 5.0 is one).
public func levelSteps(from low: Int, to high: Int) -> Int? {
    guard let a = h264LevelTable.firstIndex(where: { $0.level == low }),
          let b = h264LevelTable.firstIndex(where: { $0.level == high }) else { return nil }
    return b - a
}
