import FlipbookCore
import Foundation

/// What an image file's own bytes say about its animation: how many frames, and how many times a
/// browser plays them (GIF's NETSCAPE2.0 loop count, APNG's `acTL` plays; 0 or absent loop count
/// means forever for APNG, once for a GIF without the extension, as browsers do).
package struct AnimatedImageFile: Sendable, Equatable {
    /// The frames the file holds.
    package var frameCount: Int
    /// How many times the animation plays; `nil` is forever.
    package var plays: Int?

    /// The animation `data` holds, when it is a GIF or an APNG of more than one frame; `nil` for a
    /// still image or another format.
    package static func scan(_ data: Data) -> AnimatedImageFile? {
        let bytes = [UInt8](data)
        if bytes.starts(with: Array("GIF8".utf8)) { return gif(bytes) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return apng(bytes) }
        return nil
    }

    /// Walks a GIF's blocks, counting image descriptors and reading the NETSCAPE2.0 extension.
    private static func gif(_ b: [UInt8]) -> AnimatedImageFile? {
        guard b.count >= 13 else { return nil }
        var at = 13
        if b[10] & 0x80 != 0 { at += 3 << (Int(b[10] & 7) + 1) }
        var frames = 0
        var plays: Int?? = .none
        func skipSubBlocks() {
            while at < b.count {
                let size = Int(b[at])
                at += 1 + size
                if size == 0 { return }
            }
        }
        while at < b.count {
            switch b[at] {
            case 0x2C:
                frames += 1
                guard at + 10 <= b.count else { return nil }
                let flags = b[at + 9]
                at += 10
                if flags & 0x80 != 0 { at += 3 << (Int(flags & 7) + 1) }
                at += 1  // LZW minimum code size
                skipSubBlocks()
            case 0x21:
                guard at + 2 < b.count else { return nil }
                if b[at + 1] == 0xFF, at + 18 < b.count, b[at + 2] == 11,
                   Array(b[(at + 3)..<(at + 14)]) == Array("NETSCAPE2.0".utf8), b[at + 15] == 1 {
                    let count = Int(b[at + 16]) | Int(b[at + 17]) << 8
                    // The count is of repeats after the first play; 0 repeats forever.
                    plays = .some(count == 0 ? nil : count + 1)
                }
                at += 2
                skipSubBlocks()
            case 0x3B:
                at = b.count
            default:
                return frames > 1 ? AnimatedImageFile(frameCount: frames, plays: plays ?? 1) : nil
            }
        }
        return frames > 1 ? AnimatedImageFile(frameCount: frames, plays: plays ?? 1) : nil
    }

    /// Reads an APNG's `acTL` chunk, which must come before the image data.
    private static func apng(_ b: [UInt8]) -> AnimatedImageFile? {
        var at = 8
        func word(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        while at + 8 <= b.count {
            let length = word(at)
            let type = String(decoding: b[(at + 4)..<(at + 8)], as: UTF8.self)
            if type == "IDAT" { return nil }
            if type == "acTL", length >= 8, at + 16 <= b.count {
                let frames = word(at + 8), plays = word(at + 12)
                return frames > 1 ? AnimatedImageFile(frameCount: frames, plays: plays == 0 ? nil : plays) : nil
            }
            guard length >= 0, length < b.count else { return nil }
            at += 12 + length
        }
        return nil
    }
}
