import FlipbookDrawing

/// `width`×`height` opaque pixels of noise drawn from `seed`: a picture no format compresses, for
/// the tests that need a file of a known least size.
public func noiseBitmap(width: Int, height: Int, seed: UInt64) throws -> Bitmap {
    var random = SplitMix(state: seed)
    var bitmap = try Bitmap(width: width, height: height)
    try bitmap.withUnsafeMutableBytes { bytes, stride in
        for y in 0..<height {
            for x in 0..<width {
                let pixel = UInt32(truncatingIfNeeded: random.next()) | 0xFF00_0000
                bytes.storeBytes(of: pixel, toByteOffset: y * stride + x * 4, as: UInt32.self)
            }
        }
    }
    return bitmap
}
