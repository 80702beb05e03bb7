/// The fields of an H.264 sequence parameter set that the level depends on, read from its NAL unit
/// (H.264 7.3.2.1.1 and E.1.1).
struct SequenceParameterSet: Equatable {
    var profile: Int
    var constraintFlags: UInt8
    /// `level_idc`, as written (level 1b reads as 11 with constraint_set3 in Baseline and Main).
    var level: Int
    /// The picture in macroblocks (frame height, so field coding counts both fields).
    var widthMacroblocks: Int
    var heightMacroblocks: Int
    /// `max_num_ref_frames`.
    var referenceFrames: Int
    /// The VUI's `max_dec_frame_buffering`, or `nil` when the stream does not say.
    var maxDecFrameBuffering: Int?

    /// The frames the decoder must hold: `max_dec_frame_buffering` where given, else the reference
    /// frames (the smallest the DPB can be).
    var bufferedFrames: Int { maxDecFrameBuffering ?? referenceFrames }

    /// Reads the SPS NAL unit `nal` (its header byte first, emulation prevention bytes still in).
    /// Returns `nil` when it is not an SPS or is cut short.
    init?(nal: some Collection<UInt8>) {
        var bits = RBSPReader(nal: Array(nal))
        guard let header = bits.bits(8), header & 0x1F == 7,
              let profile = bits.bits(8), let constraints = bits.bits(8), let level = bits.bits(8),
              bits.ue() != nil  // seq_parameter_set_id
        else { return nil }
        self.profile = profile
        constraintFlags = UInt8(truncatingIfNeeded: constraints)
        self.level = level
        var frameOnly = 1
        if [100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135].contains(profile) {
            guard let chroma = bits.ue() else { return nil }
            if chroma == 3 { guard bits.bits(1) != nil else { return nil } }
            guard bits.ue() != nil, bits.ue() != nil, bits.bits(1) != nil, let scaling = bits.bits(1) else { return nil }
            if scaling == 1 {
                for list in 0..<(chroma == 3 ? 12 : 8) {
                    guard let present = bits.bits(1) else { return nil }
                    if present == 1 { guard bits.skipScalingList(list < 6 ? 16 : 64) else { return nil } }
                }
            }
        }
        guard bits.ue() != nil, let pocType = bits.ue() else { return nil }  // log2_max_frame_num_minus4
        if pocType == 0 {
            guard bits.ue() != nil else { return nil }
        } else if pocType == 1 {
            guard bits.bits(1) != nil, bits.se() != nil, bits.se() != nil, let cycle = bits.ue(), cycle <= 255 else { return nil }
            for _ in 0..<cycle { guard bits.se() != nil else { return nil } }
        }
        guard let references = bits.ue(), bits.bits(1) != nil, let width = bits.ue(), let height = bits.ue(),
              let frameMbsOnly = bits.bits(1), width < 1 << 16, height < 1 << 16
        else { return nil }
        frameOnly = frameMbsOnly
        referenceFrames = references
        widthMacroblocks = width + 1
        heightMacroblocks = (height + 1) * (2 - frameOnly)
        maxDecFrameBuffering = nil
        if frameOnly == 0 { guard bits.bits(1) != nil else { return nil } }  // mb_adaptive_frame_field_flag
        guard bits.bits(1) != nil, let cropping = bits.bits(1) else { return nil }  // direct_8x8_inference_flag
        if cropping == 1 { for _ in 0..<4 { guard bits.ue() != nil else { return nil } } }
        guard let vui = bits.bits(1) else { return nil }
        if vui == 1 { maxDecFrameBuffering = bits.vuiMaxDecFrameBuffering() }
    }
}

/// Reads bits of a NAL unit's payload with its emulation prevention bytes (00 00 03) taken out.
private struct RBSPReader {
    private var bytes: [UInt8] = []
    private var position = 0

    init(nal: [UInt8]) {
        var zeros = 0
        for byte in nal {
            if zeros >= 2, byte == 3 { zeros = 0; continue }
            zeros = byte == 0 ? zeros + 1 : 0
            bytes.append(byte)
        }
    }

    mutating func bits(_ count: Int) -> Int? {
        guard position + count <= bytes.count * 8 else { return nil }
        var value = 0
        for _ in 0..<count {
            value = value << 1 | Int(bytes[position >> 3] >> (7 - UInt8(position & 7)) & 1)
            position += 1
        }
        return value
    }

    /// An unsigned Exp-Golomb number.
    mutating func ue() -> Int? {
        var zeros = 0
        while true {
            guard let bit = bits(1) else { return nil }
            if bit == 1 { break }
            zeros += 1
            if zeros > 31 { return nil }
        }
        guard let rest = bits(zeros) else { return nil }
        return (1 << zeros) - 1 + rest
    }

    /// A signed Exp-Golomb number.
    mutating func se() -> Int? {
        guard let code = ue() else { return nil }
        return code & 1 == 1 ? (code + 1) / 2 : -(code / 2)
    }

    mutating func skipScalingList(_ size: Int) -> Bool {
        var last = 8, next = 8
        for _ in 0..<size where next != 0 {
            guard let delta = se() else { return false }
            next = (last + delta + 256) % 256
            if next != 0 { last = next }
        }
        return true
    }

    /// Reads the VUI (E.1.1) up to `max_dec_frame_buffering`, or `nil` when it has no bitstream
    /// restriction.
    mutating func vuiMaxDecFrameBuffering() -> Int? {
        guard let aspect = bits(1) else { return nil }
        if aspect == 1, let idc = bits(8), idc == 255 { guard bits(32) != nil else { return nil } }
        guard let overscan = bits(1) else { return nil }
        if overscan == 1 { guard bits(1) != nil else { return nil } }
        guard let signal = bits(1) else { return nil }
        if signal == 1 {
            guard bits(4) != nil, let colour = bits(1) else { return nil }
            if colour == 1 { guard bits(24) != nil else { return nil } }
        }
        guard let chromaLocation = bits(1) else { return nil }
        if chromaLocation == 1 { guard ue() != nil, ue() != nil else { return nil } }
        guard let timing = bits(1) else { return nil }
        if timing == 1 { guard bits(32) != nil, bits(32) != nil, bits(1) != nil else { return nil } }
        guard let nalHRD = bits(1) else { return nil }
        if nalHRD == 1 { guard skipHRD() else { return nil } }
        guard let vclHRD = bits(1) else { return nil }
        if vclHRD == 1 { guard skipHRD() else { return nil } }
        if nalHRD == 1 || vclHRD == 1 { guard bits(1) != nil else { return nil } }  // low_delay_hrd_flag
        guard bits(1) != nil, let restriction = bits(1), restriction == 1 else { return nil }  // pic_struct_present_flag
        guard bits(1) != nil, ue() != nil, ue() != nil, ue() != nil, ue() != nil, ue() != nil else { return nil }
        return ue()
    }

    private mutating func skipHRD() -> Bool {
        guard let count = ue(), count < 32, bits(8) != nil else { return false }
        for _ in 0...count { guard ue() != nil, ue() != nil, bits(1) != nil else { return false } }
        return bits(20) != nil
    }
}

extension SequenceParameterSet {
    /// An SPS's fields given directly (for measuring made-up streams).
    init(profile: Int, constraintFlags: UInt8, level: Int, widthMacroblocks: Int, heightMacroblocks: Int,
         referenceFrames: Int, maxDecFrameBuffering: Int?) {
        self.profile = profile
        self.constraintFlags = constraintFlags
        self.level = level
        self.widthMacroblocks = widthMacroblocks
        self.heightMacroblocks = heightMacroblocks
        self.referenceFrames = referenceFrames
        self.maxDecFrameBuffering = maxDecFrameBuffering
    }
}
