import FlipbookCore

/// A pixel's colour in 0…255 per channel (straight, or flattened over the background) and its alpha.
private struct Straight {
    var r, g, b, a: Double
}

/// Reads pixel `(x, y)` of premultiplied BGRA rows: straight colour when `background` is `nil`, else
/// the colour flattened over the background (a translucent background first over black) with alpha 255.
@inline(__always)
private func pixel(_ row: UnsafeRawPointer, _ x: Int, background: (r: Double, g: Double, b: Double)?) -> Straight {
    let word = row.load(fromByteOffset: 4 * x, as: UInt32.self)
    let a = Double(word >> 24)
    // Valid premultiplied colour never exceeds alpha; clamp as the YUV converter does.
    let r = min(Double((word >> 16) & 0xFF), a), g = min(Double((word >> 8) & 0xFF), a)
    let b = min(Double(word & 0xFF), a)
    if let background {
        let rest = (255 - a) / 255
        return Straight(r: r + rest * background.r, g: g + rest * background.g, b: b + rest * background.b, a: 255)
    }
    guard a > 0 else { return Straight(r: 0, g: 0, b: 0, a: 0) }
    // Exact un-premultiplication: a 50 % pixel of pure red stays pure red.
    let scale = 255 / a
    return Straight(r: r * scale, g: g * scale, b: b * scale, a: a)
}

/// The background every pixel is flattened over, in 0…255 per channel (a translucent one first over
/// black), or `nil` to keep transparency.
private func flattening(_ background: Color?) -> (r: Double, g: Double, b: Double)? {
    background.map { c in (r: c.red * c.opacity * 255, g: c.green * c.opacity * 255, b: c.blue * c.opacity * 255) }
}

/// A converted picture's sample planes (Y, Cb, Cr[, A]): tightly packed rows, 10-bit samples 16-bit
/// little-endian.
package struct SamplePlanes: Sendable {
    package var planes: [[UInt8]]
    /// Bytes per row of each plane.
    package var rowBytes: [Int]
    /// Rows of each plane.
    package var rows: [Int]
}

/// Writes one sample of `depth` bits (8: one byte; more: 16-bit little-endian), rounded and clamped.
@inline(__always)
private func store(_ plane: UnsafeMutableRawPointer, _ index: Int, _ value: Double, wide: Bool, maxCode: Double) {
    let code = UInt16(max(0, min(maxCode, value.rounded())))
    if wide {
        plane.storeBytes(of: code.littleEndian, toByteOffset: 2 * index, as: UInt16.self)
    } else {
        plane.storeBytes(of: UInt8(truncatingIfNeeded: code), toByteOffset: index, as: UInt8.self)
    }
}

/// Converts a picture into planar YUV(A) at 8 or 10 bits, BT.709 limited range, with straightforward
/// (scalar) arithmetic: exact, and fast enough for the layouts that are not H.264's 8-bit 4:2:0 over a
/// background, which has its own vectorised path (``convert(_:background:into:)``).
///
/// Colours are flattened over `background` (alpha becomes opaque) or, with `nil`, un-premultiplied
/// exactly. Chroma of a subsampled block is the alpha-weighted mean of its pixels' straight colours
/// (the colour of what the block covers), so a transparent neighbour does not darken an edge. Odd
/// sides are padded to the subsampling by repeating the last column or row.
///
/// One band of chroma rows at a time: the band's pixels are read once (un-premultiplied or
/// flattened), then give their luma and alpha, then the band's chroma.
package func convertToPlanes(_ picture: FramePixels, layout: PixelLayout, background: Color?) -> SamplePlanes {
    let flatten = flattening(background)
    let (kr, kg, kb) = (BT709.kr, BT709.kg, BT709.kb)
    let width = picture.width, height = picture.height
    let (ew, eh) = layout.encodedSize(width: width, height: height)
    let sx = layout.chromaShift.x, sy = layout.chromaShift.y
    let cw = ew >> sx, ch = eh >> sy
    let bytes = layout.sampleBytes, wide = bytes == 2, hasAlpha = layout.hasAlpha
    let maxCode = Double((1 << layout.depth) - 1)
    let scale = Double(1 << (layout.depth - 8))
    var yPlane = [UInt8](repeating: 0, count: ew * eh * bytes)
    var uPlane = [UInt8](repeating: 0, count: cw * ch * bytes)
    var vPlane = uPlane
    var aPlane = hasAlpha ? [UInt8](repeating: 0, count: ew * eh * bytes) : []
    let bandRows = 1 << sy
    var band = [Straight](repeating: Straight(r: 0, g: 0, b: 0, a: 0), count: bandRows * ew)

    picture.withUnsafeBytes { pixels, stride in
        yPlane.withUnsafeMutableBytes { yp in
        uPlane.withUnsafeMutableBytes { up in
        vPlane.withUnsafeMutableBytes { vp in
        aPlane.withUnsafeMutableBytes { ap in
        band.withUnsafeMutableBufferPointer { band in
            // Validated sizes are at least 1×1, so every plane has storage (the alpha plane when kept).
            guard let base = pixels.baseAddress, let yBase = yp.baseAddress, let uBase = up.baseAddress,
                  let vBase = vp.baseAddress else { return }
            let aBase = ap.baseAddress
            for cy in 0..<ch {
                for dy in 0..<bandRows {
                    let y = (cy << sy) + dy
                    // Padding repeats the last column and row.
                    let row = base + min(y, height - 1) * stride
                    for x in 0..<ew {
                        let p = pixel(row, min(x, width - 1), background: flatten)
                        band[dy * ew + x] = p
                        let luma = kr * p.r + kg * p.g + kb * p.b
                        store(yBase, y * ew + x, (16 + 219 * luma / 255) * scale, wide: wide, maxCode: maxCode)
                        if hasAlpha, let aBase { store(aBase, y * ew + x, p.a / 255 * maxCode, wide: wide, maxCode: maxCode) }
                    }
                }
                for cx in 0..<cw {
                    var r = 0.0, g = 0.0, b = 0.0, weight = 0.0
                    for dy in 0..<bandRows {
                        for dx in 0..<(1 << sx) {
                            let p = band[dy * ew + (cx << sx) + dx]
                            r += p.r * p.a; g += p.g * p.a; b += p.b * p.a; weight += p.a
                        }
                    }
                    if weight > 0 { r /= weight; g /= weight; b /= weight }
                    let luma = kr * r + kg * g + kb * b
                    store(uBase, cy * cw + cx, (128 + 224 * (b - luma) / 255 / (2 * (1 - kb))) * scale,
                          wide: wide, maxCode: maxCode)
                    store(vBase, cy * cw + cx, (128 + 224 * (r - luma) / 255 / (2 * (1 - kr))) * scale,
                          wide: wide, maxCode: maxCode)
                }
            }
        }
        }
        }
        }
        }
    }
    var planes = [yPlane, uPlane, vPlane]
    var rowBytes = [ew * bytes, cw * bytes, cw * bytes]
    var rows = [eh, ch, ch]
    if hasAlpha {
        planes.append(aPlane)
        rowBytes.append(ew * bytes)
        rows.append(eh)
    }
    return SamplePlanes(planes: planes, rowBytes: rowBytes, rows: rows)
}

/// The byte order of a packed straight pixel.
package enum PackedOrder: Sendable {
    case rgba, bgra
}

/// Converts a picture into packed straight (not premultiplied) 8-bit pixels, `width × height` of them,
/// rows without padding: flattened over `background` (alpha becomes 255), or with `nil` un-premultiplied
/// with Cairo's own rounding, `(c·255 + a/2) / a`.
package func straightPixels(_ picture: FramePixels, order: PackedOrder, background: Color?) -> [UInt8] {
    let flatten = flattening(background)
    let width = picture.width, height = picture.height
    var out = [UInt8](repeating: 0, count: width * height * 4)
    let bgraOrder = order == .bgra
    picture.withUnsafeBytes { pixels, stride in
        guard let base = pixels.baseAddress else { return }
        for y in 0..<height {
            let row = base + y * stride
            for x in 0..<width {
                let word = row.load(fromByteOffset: 4 * x, as: UInt32.self)
                let a = Int(word >> 24)
                var r = min(Int((word >> 16) & 0xFF), a), g = min(Int((word >> 8) & 0xFF), a)
                var b = min(Int(word & 0xFF), a)
                var alpha = a
                if let flatten {
                    let p = pixel(row, x, background: flatten)
                    r = Int(p.r.rounded()); g = Int(p.g.rounded()); b = Int(p.b.rounded()); alpha = 255
                } else if a > 0 && a < 255 {
                    r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a
                }
                let o = (y * width + x) * 4
                out[o] = UInt8(bgraOrder ? b : r)
                out[o + 1] = UInt8(g)
                out[o + 2] = UInt8(bgraOrder ? r : b)
                out[o + 3] = UInt8(alpha)
            }
        }
    }
    return out
}
