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

    /// Counts a GIF's image descriptors and reads its NETSCAPE2.0 extension.
    private static func gif(_ b: [UInt8]) -> AnimatedImageFile? {
        var frames = 0
        var plays: Int?? = .none
        let whole = walkGIF(b) { block in
            switch block {
            case .image:
                frames += 1
            case .extension(let at):
                if b[at + 1] == 0xFF, at + 18 < b.count, b[at + 2] == 11,
                   Array(b[(at + 3)..<(at + 14)]) == Array("NETSCAPE2.0".utf8), b[at + 15] == 1 {
                    let count = Int(b[at + 16]) | Int(b[at + 17]) << 8
                    // The count is of repeats after the first play; 0 repeats forever.
                    plays = .some(count == 0 ? nil : count + 1)
                }
            }
        }
        guard whole != nil else { return nil }
        return frames > 1 ? AnimatedImageFile(frameCount: frames, plays: plays ?? 1) : nil
    }

    /// A block of a GIF, by the offset of its introducer.
    private enum GIFBlock {
        /// An image descriptor (0x2C), with the size of its colour table (its own, or the global one).
        case image(at: Int, tableSize: Int)
        /// An extension (0x21); its label is the next byte, which is there.
        case `extension`(at: Int)
    }

    /// Calls `visit` with each block of the GIF `b`, in order, up to its trailer or an unknown block.
    /// `nil` when a block is cut short (what was visited stands); the offset it stopped at otherwise.
    @discardableResult
    private static func walkGIF(_ b: [UInt8], _ visit: (GIFBlock) -> Void) -> Int? {
        guard b.count >= 13 else { return nil }
        let globalSize = b[10] & 0x80 != 0 ? 2 << Int(b[10] & 7) : 0
        var at = 13 + 3 * globalSize
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
                guard at + 10 <= b.count else { return nil }
                let flags = b[at + 9]
                let localSize = flags & 0x80 != 0 ? 2 << Int(flags & 7) : 0
                visit(.image(at: at, tableSize: localSize > 0 ? localSize : globalSize))
                at += 10 + 3 * localSize + 1  // the descriptor, its table, LZW's minimum code size
                skipSubBlocks()
            case 0x21:
                guard at + 2 < b.count else { return nil }
                visit(.extension(at: at))
                at += 2
                skipSubBlocks()
            default:
                return at  // the trailer (0x3B), or a block GIF does not have
            }
        }
        return at
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

    /// `gif` with every frame's "restore to background" clearing to transparent, as browsers do it:
    /// FFmpeg's GIF decoder fills with the background colour, opaque, when the frame has no
    /// transparent index (and so does the canvas before a first frame without one). Each graphic
    /// control block without a transparent index gets one no pixel can hold (the frame's colour table
    /// size), which changes no pixel it draws. `nil` when nothing needs it, or for a frame whose
    /// table has all 256 colours (no index is free; FFmpeg's fill stays).
    package static func withBrowserDisposal(_ gif: Data) -> Data? {
        var b = [UInt8](gif)
        guard b.starts(with: Array("GIF8".utf8)) else { return nil }
        var control: Int?
        var changes: [(control: Int, index: UInt8)] = []
        walkGIF(b) { block in
            switch block {
            case .image(_, let tableSize):
                if let control, b[control + 3] & 1 == 0, tableSize < 256 { changes.append((control, UInt8(tableSize))) }
                control = nil
            case .extension(let at):
                if b[at + 1] == 0xF9, b[at + 2] == 4, at + 7 < b.count { control = at }
            }
        }
        guard !changes.isEmpty else { return nil }
        for change in changes {
            b[change.control + 3] |= 1
            b[change.control + 6] = change.index
        }
        return Data(b)
    }
}
