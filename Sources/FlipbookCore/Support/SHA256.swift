import Foundation

// SHA-256 (FIPS 180-4), because Foundation on Linux has no digest and chunk files must name the
// scene and options they were rendered from in a way that is the same on every machine. The render
// service signs its webhooks with an HMAC over it rather than building a TLS library's C for one hash.

/// The SHA-256 digest of `bytes` as 64 lowercase hexadecimal digits: how bundles, batch manifests
/// and the render service name what they hold.
public func sha256Hex(_ bytes: some Collection<UInt8>) -> String {
    let digits = Array("0123456789abcdef")
    return String(sha256Digest(bytes).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xf)]] })
}

/// The 32 bytes of the SHA-256 digest of `bytes`.
public func sha256Digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
    let state = bytes.withContiguousStorageIfAvailable(sha256State) ?? Array(bytes).withUnsafeBufferPointer(sha256State)
    return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } }
}

/// The eight words of the digest of `message`. Whole blocks are read where they lie and only the
/// padded tail is copied; the rounds work on pointers, which keeps the debug build (in which the
/// tests hash every chunk's scene) within a few times the optimised one.
private func sha256State(_ message: UnsafeBufferPointer<UInt8>) -> [UInt32] {
    var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    let wholeBlocks = message.count / 64
    // The rest of the message, 0x80, zeros, and the length in bits: one or two blocks.
    var tail = Array(message[(wholeBlocks * 64)...])
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    let bitLength = UInt64(message.count) &* 8
    for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
    let words = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
    defer { words.deallocate() }
    state.withUnsafeMutableBufferPointer { state in
        sha256RoundConstants.withUnsafeBufferPointer { constants in
            func compress(_ block: UnsafePointer<UInt8>) {
                for i in 0..<16 {
                    let o = 4 * i
                    words[i] = UInt32(block[o]) << 24 | UInt32(block[o + 1]) << 16 | UInt32(block[o + 2]) << 8 | UInt32(block[o + 3])
                }
                for i in 16..<64 {
                    let w15 = words[i - 15], w2 = words[i - 2]
                    let s0 = (w15 >> 7 | w15 << 25) ^ (w15 >> 18 | w15 << 14) ^ (w15 >> 3)
                    let s1 = (w2 >> 17 | w2 << 15) ^ (w2 >> 19 | w2 << 13) ^ (w2 >> 10)
                    words[i] = words[i - 16] &+ s0 &+ words[i - 7] &+ s1
                }
                var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
                for i in 0..<64 {
                    let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ constants[i] &+ words[i]
                    let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ s0 &+ majority)
                }
                state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
                state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
            }
            if let base = message.baseAddress {
                for block in 0..<wholeBlocks { compress(base + 64 * block) }
            }
            tail.withUnsafeBufferPointer { tail in
                for block in stride(from: 0, to: tail.count, by: 64) { compress(tail.baseAddress! + block) }
            }
        }
    }
    return state
}

private let sha256RoundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
]

/// The SHA-256 of the file at `url`, in lowercase hex: what `flipbook mcp`'s `render` reports of
/// the file it wrote, for a client to check what it reads.
///
/// - Throws: ``FlipbookError`` (`.file`) when the file cannot be read.
public func sha256Hex(ofFileAt url: URL) throws -> String {
    do {
        return sha256Hex([UInt8](try Data(contentsOf: url)))
    } catch {
        throw FlipbookError.file("Cannot read \(url.path): \(error.localizedDescription)", path: url.path)
    }
}
