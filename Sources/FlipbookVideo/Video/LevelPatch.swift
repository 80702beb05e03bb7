import FlipbookCore
import Foundation

/// The sequence parameter set NAL unit (header byte first, no start code) in Annex B bytes (an
/// encoder's global header), or `nil` when there is none.
func spsNAL(in annexB: [UInt8]) -> [UInt8]? {
    var index = 0
    while index + 3 < annexB.count {
        if annexB[index] == 0, annexB[index + 1] == 0, annexB[index + 2] == 1, annexB[index + 3] & 0x1F == 7 {
            let start = index + 3
            var end = start + 1
            while end + 2 < annexB.count, !(annexB[end] == 0 && annexB[end + 1] == 0 && annexB[end + 2] <= 1) { end += 1 }
            if end + 2 >= annexB.count { end = annexB.count }
            // An RBSP ends with its stop bit, so zeros after it belong to the next start code.
            while end > start + 1, annexB[end - 1] == 0 { end -= 1 }
            return Array(annexB[start..<end])
        }
        index += 1
    }
    return nil
}

/// Rewrites `level_idc` in a finished file: every copy of the stream's sequence parameter set (the
/// avcC in an MP4's or MOV's sample description, a Matroska track's CodecPrivate, and any in-band
/// copy), and the avcC's own AVCLevelIndication that repeats it.
///
/// Why patch the written file rather than hold the packets until the level is known: the level
/// depends on every packet, and the header (Matroska's, or an MP4's `moov` moved to the front) is
/// written before or around them. Holding the packets back would cost a spool file as large as the
/// clip and a second pass over it; patching costs one read of the file and writes a few bytes in
/// place. `level_idc` is a fixed 8-bit field ahead of every Exp-Golomb field of the SPS, so
/// changing it moves no other bit and changes no size or offset; nothing in these containers
/// checksums the header.
struct LevelPatch {
    /// The SPS as the encoder wrote it (NAL header byte first).
    var sps: [UInt8]
    /// The `level_idc` to write.
    var level: UInt8

    /// Patches the file open in `sink`; returns how many copies of the SPS it changed.
    ///
    /// - Throws: ``FlipbookError`` when the file cannot be read or written, or holds no copy of the
    ///   SPS (the level would then be wrong).
    func apply(to sink: FileSink, file: URL, what: String) throws {
        var patched = sps
        patched[3] = level
        var offsets: [Int64] = []
        try sink.scan(for: sps) { offsets.append($0) }
        guard !offsets.isEmpty else {
            throw FlipbookError(.codec,
                "Cannot write \(what) \(file.path): its sequence parameter set was not found to signal level \(H264Level(profile: Int(sps[1]), level: Int(level)).name).")
        }
        for offset in offsets {
            try sink.write([level], at: offset + 3)
            // An avcC: version 1, profile, compatibility, level, length size, one SPS and its length.
            if offset >= 8 {
                let before = try sink.read(count: 8, at: offset - 8)
                if before[0] == 1, before[1] == sps[1], before[2] == sps[2], before[3] == sps[3], before[5] & 0x1F == 1,
                   Int(before[6]) << 8 | Int(before[7]) == sps.count {
                    try sink.write([level], at: offset - 5)
                }
            }
        }
    }
}
