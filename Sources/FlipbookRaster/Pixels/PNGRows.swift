// A picture's pixels as a PNG's rows, before compression (the drawing layer compresses them with zlib
// and writes the chunks).
extension FramePixels {
    /// Whether every pixel is opaque (the PNG then needs no alpha channel).
    package var isOpaque: Bool {
        for y in 0..<height {
            let row = pixels + y * bytesPerRow
            for x in 0..<width where row.load(fromByteOffset: 4 * x, as: UInt32.self) < 0xFF00_0000 {
                return false
            }
        }
        return true
    }

    /// The rows as PNG samples, `channels` a pixel (3: RGB, 4: RGBA), straight colour, each row led by
    /// its filter type: PNG's "Sub", each byte minus the same channel of the pixel to its left, which
    /// turns flat areas into zeros that deflate's run-length strategy packs tightly.
    package func pngRows(channels: Int) -> [UInt8] {
        let rowBytes = 1 + width * channels
        var filtered = [UInt8](repeating: 0, count: rowBytes * height)
        filtered.withUnsafeMutableBytes { out in
            // A picture has at least one pixel, so the buffer has an address.
            guard let base = out.baseAddress else { return }
            for y in 0..<height {
                filterRow(y, into: base + y * rowBytes, channels: channels)
            }
        }
        return filtered
    }

    /// Row `y` as PNG samples with the "Sub" filter.
    private func filterRow(_ y: Int, into out: UnsafeMutableRawPointer, channels: Int) {
        out.storeBytes(of: 1, as: UInt8.self)  // filter type 1, Sub
        let row = pixels + y * bytesPerRow
        var previous: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        for x in 0..<width {
            let word = row.load(fromByteOffset: 4 * x, as: UInt32.self)
            let a = UInt32(word >> 24)
            var r = (word >> 16) & 0xFF, g = (word >> 8) & 0xFF, b = word & 0xFF
            if a != 255 && a != 0 {
                // Cairo's own un-premultiplication (cairo-png.c), so PNGs keep the pixels Cairo would write.
                r = (r * 255 + a / 2) / a
                g = (g * 255 + a / 2) / a
                b = (b * 255 + a / 2) / a
            } else if a == 0 {
                r = 0; g = 0; b = 0
            }
            let pixel = (UInt8(truncatingIfNeeded: r), UInt8(truncatingIfNeeded: g), UInt8(truncatingIfNeeded: b), UInt8(a))
            let offset = 1 + x * channels
            out.storeBytes(of: pixel.0 &- previous.0, toByteOffset: offset, as: UInt8.self)
            out.storeBytes(of: pixel.1 &- previous.1, toByteOffset: offset + 1, as: UInt8.self)
            out.storeBytes(of: pixel.2 &- previous.2, toByteOffset: offset + 2, as: UInt8.self)
            if channels == 4 { out.storeBytes(of: pixel.3 &- previous.3, toByteOffset: offset + 3, as: UInt8.self) }
            previous = pixel
        }
    }
}
