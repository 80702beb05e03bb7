@testable import FlipbookRaster
import FlipbookTestSupport
import Testing

/// Motion blur's sum adds only the tiles each sub-frame drew and counts the rest as its clear pixel;
/// every instruction set's kernels must give the average of the whole sub-frames, each byte
/// `(Σ bytes + count / 2) / count`, exactly.
@Suite("Sub-frame sums: only drawn tiles are added, the average is exact")
struct SubframeSumTests {
    /// A sub-frame's pixels, row after row, and what it says about them.
    struct Subframe {
        var pixels: [UInt32]
        var clearPixel: UInt32?
        var dirtyTiles: DirtyTiles
    }

    /// 70×37 pixels: the last tile column and row are narrower than a tile, and rows are not a whole
    /// number of the kernels' 32-byte steps.
    static let width = 70, height = 37
    static let clear: UInt32 = 0xFFF0_E0D0

    /// Sub-frames cleared to ``clear`` with a few tiles drawn (random bytes), one not known to be
    /// cleared and one cleared to another pixel, both random everywhere.
    static func subframes(count: Int) -> [Subframe] {
        var random = SplitMix(state: 0x5EED)
        return (0..<count).map { index in
            var tiles = DirtyTiles(width: width, height: height)
            var pixels = [UInt32](repeating: clear, count: width * height)
            if index == 2 || index == 4 {
                for i in pixels.indices { pixels[i] = UInt32(truncatingIfNeeded: random.next()) }
                tiles.markAll()
                return Subframe(pixels: pixels, clearPixel: index == 2 ? nil : 0xFF00_0000, dirtyTiles: tiles)
            }
            for _ in 0..<(1 + index) {
                let x = Int(random.next() % UInt64(width)), y = Int(random.next() % UInt64(height))
                tiles.mark(x: x, y: y, width: 1, height: 1)
                tiles.forEachRun { tx, ty, tw, th in
                    guard tx <= x, x < tx + tw, ty <= y, y < ty + th else { return }
                    for row in ty..<(ty + th) {
                        for column in tx..<(tx + tw) { pixels[row * width + column] = UInt32(truncatingIfNeeded: random.next()) }
                    }
                }
            }
            return Subframe(pixels: pixels, clearPixel: clear, dirtyTiles: tiles)
        }
    }

    /// Each byte `(Σ bytes + count / 2) / count` over the whole sub-frames.
    static func expectedAverage(_ subframes: [Subframe]) -> [UInt32] {
        (0..<(width * height)).map { i in
            (0..<4).reduce(UInt32(0)) { word, byte in
                let sum = subframes.reduce(0) { $0 + Int(($1.pixels[i] >> UInt32(8 * byte)) & 0xFF) }
                return word | UInt32((sum + subframes.count / 2) / subframes.count) << UInt32(8 * byte)
            }
        }
    }

    /// The subframes summed with `kernel` and averaged over a picture of `background` pixels; the
    /// average and the tiles it wrote.
    static func average(_ subframes: [Subframe], kernel: InstructionSet, over background: UInt32)
        -> (pixels: [UInt32], tiles: DirtyTiles) {
        let sum = SubframeSum(width: width, height: height, count: subframes.count, kernel: kernel)
        for subframe in subframes {
            subframe.pixels.withUnsafeBytes { bytes in
                _ = sum.add(FramePixels(pixels: bytes.baseAddress!, bytesPerRow: 4 * width, width: width, height: height,
                                        clearPixel: subframe.clearPixel, dirtyTiles: subframe.dirtyTiles))
            }
        }
        var pixels = [UInt32](repeating: background, count: width * height)
        pixels.withUnsafeMutableBytes { sum.writeAverage(into: $0, bytesPerRow: 4 * width) }
        return (pixels, sum.tiles)
    }

    func expectExactAverage(kernel: InstructionSet) {
        let sparse = Self.subframes(count: 7).enumerated().filter { $0.offset != 2 && $0.offset != 4 }.map(\.element)
        let expected = Self.expectedAverage(sparse)
        let (pixels, tiles) = Self.average(sparse, kernel: kernel, over: Self.clear)
        var union = DirtyTiles(width: Self.width, height: Self.height)
        for subframe in sparse { union.formUnion(subframe.dirtyTiles) }
        #expect(tiles == union)
        #expect(tiles.count < tiles.columns * tiles.rows)
        #expect(pixels == expected, "\(kernel.name)")

        // With sub-frames added whole, every tile is written.
        let mixed = Self.subframes(count: 7)
        let whole = Self.average(mixed, kernel: kernel, over: 0)
        #expect(whole.tiles.count == whole.tiles.columns * whole.tiles.rows)
        #expect(whole.pixels == Self.expectedAverage(mixed), "\(kernel.name)")
    }

    @Test func baselineGivesTheExactAverage() { expectExactAverage(kernel: .baseline) }

    @Test(.runs(.avx2)) func avx2GivesTheExactAverage() { expectExactAverage(kernel: .avx2) }

    @Test(.runs(.avx512)) func avx512GivesTheExactAverage() { expectExactAverage(kernel: .avx512) }

    @Test("The largest sums (256 sub-frames of 255) average to 255, and equal bytes to themselves")
    func largestSums() {
        let full = Subframe(pixels: [UInt32](repeating: 0xFFFF_FFFF, count: Self.width * Self.height), clearPixel: nil,
                            dirtyTiles: DirtyTiles(width: Self.width, height: Self.height))
        for kernel in InstructionSet.allCases where kernel.isAvailable {
            let (pixels, _) = Self.average(Array(repeating: full, count: SubframeSum.maximumCount), kernel: kernel, over: 0)
            #expect(pixels.allSatisfy { $0 == 0xFFFF_FFFF }, "\(kernel.name)")
            let still = Array(repeating: Self.subframes(count: 1)[0], count: 9)
            #expect(Self.average(still, kernel: kernel, over: Self.clear).pixels == still[0].pixels, "\(kernel.name)")
        }
    }
}
