/// Copies a plane of `rows` tightly packed rows, `width` bytes each, into rows `stride` bytes apart,
/// filling each row's alignment padding (between `width` and `stride` bytes) with the row's last sample
/// (`sampleBytes` bytes). x264's SIMD input copy reads whole vectors and so looks at that padding; left
/// uninitialised it made the output depend on whatever memory malloc returned, and broke byte-for-byte
/// reproducibility.
package func copyPaddingRows(_ plane: [UInt8], width: Int, rows: Int, sampleBytes: Int,
                             into destination: UnsafeMutablePointer<UInt8>, stride: Int) {
    plane.withUnsafeBufferPointer { source in
        // Planes of a validated size are never empty; an empty one has nothing to copy.
        guard let base = source.baseAddress else { return }
        if stride == width {
            destination.update(from: base, count: width * rows)
            return
        }
        for row in 0..<rows {
            let target = destination + row * stride
            target.update(from: base + row * width, count: width)
            if sampleBytes == 1 {
                (target + width).update(repeating: source[row * width + width - 1], count: stride - width)
            } else {
                var offset = width
                while offset + sampleBytes <= stride {
                    (target + offset).update(from: base + row * width + width - sampleBytes, count: sampleBytes)
                    offset += sampleBytes
                }
            }
        }
    }
}
