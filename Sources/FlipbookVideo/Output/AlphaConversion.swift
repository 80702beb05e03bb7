import FlipbookDrawing

// BT.709, the matrix VideoEncoder tags every YUV stream with (see YUVConversion.swift).
private let kr = 0.2126
private let kb = 0.0722
private let kg = 1 - kr - kb

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

/// Converts any bitmap into any layout with straightforward (scalar) arithmetic: exact, and fast
/// enough for the formats that are not H.264's `yuv420p`, which has its own vectorised path.
///
/// Chroma of a subsampled block is the alpha-weighted mean of its pixels' straight colours (the
/// colour of what the block covers), so a transparent neighbour does not darken an edge.
package func convertGeneric(_ bitmap: Bitmap, to format: PixelFormat, background: Color?) -> ConvertedFrame {
    let width = bitmap.width, height = bitmap.height
    let layout = format.layout
    let flatten = background.map { c in (r: c.red * c.opacity * 255, g: c.green * c.opacity * 255, b: c.blue * c.opacity * 255) }
    if !layout.planar {
        return convertPacked(bitmap, to: format, flatten: flatten)
    }
    let (ew, eh) = ConvertedFrame.encodedSize(width: width, height: height, format: format)
    let sx = layout.chromaShift.x, sy = layout.chromaShift.y
    let cw = ew >> sx, ch = eh >> sy
    let bytes = layout.sampleBytes
    let maxCode = Double((1 << layout.depth) - 1)
    let scale = Double(1 << (layout.depth - 8))
    var yPlane = [UInt8](repeating: 0, count: ew * eh * bytes)
    var uPlane = [UInt8](repeating: 0, count: cw * ch * bytes)
    var vPlane = uPlane
    var aPlane = layout.hasAlpha ? [UInt8](repeating: 0, count: ew * eh * bytes) : []

    func store(_ plane: inout [UInt8], _ index: Int, _ value: Double) {
        let code = UInt16(max(0, min(maxCode, value.rounded())))
        if bytes == 1 {
            plane[index] = UInt8(code)
        } else {
            plane[2 * index] = UInt8(code & 0xFF)
            plane[2 * index + 1] = UInt8(code >> 8)
        }
    }

    bitmap.withUnsafeBytes { pixels, stride in
        let base = pixels.baseAddress!
        func at(_ x: Int, _ y: Int) -> Straight {
            // Padding repeats the last column and row.
            pixel(base + min(y, height - 1) * stride, min(x, width - 1), background: flatten)
        }
        for y in 0..<eh {
            for x in 0..<ew {
                let p = at(x, y)
                let luma = kr * p.r + kg * p.g + kb * p.b
                store(&yPlane, y * ew + x, (16 + 219 * luma / 255) * scale)
                if layout.hasAlpha { store(&aPlane, y * ew + x, p.a / 255 * maxCode) }
            }
        }
        for cy in 0..<ch {
            for cx in 0..<cw {
                var r = 0.0, g = 0.0, b = 0.0, weight = 0.0
                for dy in 0..<(1 << sy) {
                    for dx in 0..<(1 << sx) {
                        let p = at((cx << sx) + dx, (cy << sy) + dy)
                        r += p.r * p.a; g += p.g * p.a; b += p.b * p.a; weight += p.a
                    }
                }
                if weight > 0 { r /= weight; g /= weight; b /= weight }
                let luma = kr * r + kg * g + kb * b
                store(&uPlane, cy * cw + cx, (128 + 224 * (b - luma) / 255 / (2 * (1 - kb))) * scale)
                store(&vPlane, cy * cw + cx, (128 + 224 * (r - luma) / 255 / (2 * (1 - kr))) * scale)
            }
        }
    }
    var planes = [yPlane, uPlane, vPlane]
    var rowBytes = [ew * bytes, cw * bytes, cw * bytes]
    var rows = [eh, ch, ch]
    if layout.hasAlpha {
        planes.append(aPlane)
        rowBytes.append(ew * bytes)
        rows.append(eh)
    }
    return ConvertedFrame(pixelFormat: format, width: width, height: height, planes: planes, rowBytes: rowBytes, rows: rows)
}

/// RGBA or BGRA, straight 8-bit; un-premultiplied with Cairo's own rounding, `(c·255 + a/2) / a`.
/// (``PixelFormat/pal8`` is made from RGBA by the GIF palette, so it converts as RGBA here.)
private func convertPacked(_ bitmap: Bitmap, to format: PixelFormat,
                           flatten: (r: Double, g: Double, b: Double)?) -> ConvertedFrame {
    let width = bitmap.width, height = bitmap.height
    var out = [UInt8](repeating: 0, count: width * height * 4)
    let bgraOrder = format == .bgra
    bitmap.withUnsafeBytes { pixels, stride in
        let base = pixels.baseAddress!
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
    let stored: PixelFormat = format == .pal8 ? .rgba : format
    return ConvertedFrame(pixelFormat: stored, width: width, height: height, planes: [out], rowBytes: [width * 4], rows: [height])
}
