import FlipbookRaster
import Testing

/// Planes handed to libavcodec have rows wider than the picture; the padding repeats each row's last
/// sample, so encoders that read whole vectors see no uninitialised bytes.
@Suite("Padded rows")
struct PaddedRowsTests {
    @Test("8-bit rows: the last sample repeated to the stride")
    func bytes() {
        let plane: [UInt8] = [1, 2, 3, 4, 5, 6]
        var destination = [UInt8](repeating: 0xEE, count: 2 * 5)
        destination.withUnsafeMutableBufferPointer {
            copyPaddingRows(plane, width: 3, rows: 2, sampleBytes: 1, into: $0.baseAddress!, stride: 5)
        }
        #expect(destination == [1, 2, 3, 3, 3, 4, 5, 6, 6, 6])
    }

    @Test("16-bit rows: the last two-byte sample repeated, a partial sample left alone")
    func words() {
        let plane: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        var destination = [UInt8](repeating: 0xEE, count: 2 * 9)
        destination.withUnsafeMutableBufferPointer {
            copyPaddingRows(plane, width: 4, rows: 2, sampleBytes: 2, into: $0.baseAddress!, stride: 9)
        }
        #expect(destination == [1, 2, 3, 4, 3, 4, 3, 4, 0xEE, 5, 6, 7, 8, 7, 8, 7, 8, 0xEE])
    }

    @Test("rows as wide as the stride are copied whole")
    func unpadded() {
        let plane: [UInt8] = [9, 8, 7, 6]
        var destination = [UInt8](repeating: 0, count: 4)
        destination.withUnsafeMutableBufferPointer {
            copyPaddingRows(plane, width: 2, rows: 2, sampleBytes: 1, into: $0.baseAddress!, stride: 2)
        }
        #expect(destination == plane)
    }
}
