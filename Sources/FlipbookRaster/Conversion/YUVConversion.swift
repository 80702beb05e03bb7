import FlipbookCore

/// Converts a premultiplied BGRA bitmap to YUV 4:2:0, BT.709, limited range, flattening every pixel
/// over `background` first.
///
/// Y = 16 + 219·(0.2126 R + 0.7152 G + 0.0722 B), Cb = 128 + 224·(B − Y′)/1.8556,
/// Cr = 128 + 224·(R − Y′)/1.5748 (components in 0…1), chroma from the average of each 2×2 block.
/// Every sample is within ±1 of that formula evaluated exactly (the tests check it).
///
/// Odd sizes are padded to even by repeating the last column and row. `frame` is resized to the
/// bitmap when needed and otherwise reused. Safe to call from any thread on distinct frames.
package func convert(_ picture: FramePixels, background: Color, into frame: inout YUVFrame) {
    frame.resize(width: picture.width, height: picture.height)
    convert(picture, coefficients: YUVCoefficients(background: background), into: &frame)
}

/// ``convert(_:background:into:)`` with the background's coefficients already computed.
///
/// When the picture knows which of its tiles were drawn since it was cleared (``FramePixels/dirtyTiles``),
/// only those are converted; the other tiles get the clear colour's samples, and only where `frame`
/// does not hold them already. The result is the same, sample for sample, as converting every pixel.
///
/// Thirty-two columns at a time go to the C kernel for `instructionSet` (`yuv_rows.c`); `nil` does
/// every column in Swift's lanes. Every choice gives the same bytes.
package func convert(_ picture: FramePixels, coefficients k: YUVCoefficients, into frame: inout YUVFrame,
                     instructionSet: InstructionSet? = .widest) {
    frame.resize(width: picture.width, height: picture.height)
    let kernel = Kernel(k)
    guard let pixel = picture.clearPixel else {
        frame.cleared = nil
        convert(picture, kernel, tiles: nil, into: &frame, instructionSet)
        return
    }
    let drawn = picture.dirtyTiles
    fillOutside(drawn, clearedTo: pixel, coefficients: k, kernel, into: &frame)
    convert(picture, kernel, tiles: drawn, into: &frame, instructionSet)
    frame.cleared = (pixel, k, drawn)
}

/// Writes the samples of a picture cleared to `pixel` everywhere outside `drawn`, where `frame` does
/// not hold them already (only the tiles it last drew, when it last held the same clear colour), and
/// forgets what the frame held: the caller converts `drawn` and then records it.
func fillOutside(_ drawn: DirtyTiles, clearedTo pixel: UInt32, coefficients k: YUVCoefficients, _ kernel: Kernel,
                 into frame: inout YUVFrame) {
    let previous = frame.cleared
    frame.cleared = nil
    let samples = uniformSamples(pixel, kernel)
    if let previous, previous.pixel == pixel, previous.coefficients == k {
        fill(&frame, previous.dirty.subtracting(drawn), with: samples)
    } else {
        frame.y.withUnsafeMutableBufferPointer { $0.update(repeating: samples.y) }
        frame.u.withUnsafeMutableBufferPointer { $0.update(repeating: samples.cb) }
        frame.v.withUnsafeMutableBufferPointer { $0.update(repeating: samples.cr) }
    }
}

/// The Y, Cb and Cr samples of a picture made of `pixel` alone, through the same arithmetic as any
/// other block, so filling with them equals converting.
func uniformSamples(_ pixel: UInt32, _ k: Kernel) -> (y: UInt8, cb: UInt8, cr: UInt8) {
    let block = [UInt32](repeating: pixel, count: 16)
    var y = [UInt8](repeating: 0, count: 32), u = [UInt8](repeating: 0, count: 8), v = u
    block.withUnsafeBytes { source in
        y.withUnsafeMutableBytes { luma in
            u.withUnsafeMutableBytes { cb in
                v.withUnsafeMutableBytes { cr in
                    // The arrays above are never empty.
                    guard let pixels = source.baseAddress, let y = luma.baseAddress, let u = cb.baseAddress,
                          let v = cr.baseAddress
                    else { return }
                    convertRowPair(pixels, pixels, from: 0, to: 16, width: 16, k: k, y0: y, y1: y + 16, u: u, v: v,
                                   instructionSet: nil)
                }
            }
        }
    }
    return (y[0], u[0], v[0])
}

/// A tile run in plane coordinates: the picture pixels `x ..< x + width` by `y ..< y + height`,
/// widened by the padding column and row when it reaches an odd picture's edge.
private func paddedRun(_ picture: PlaneGeometry, _ x: Int, _ y: Int, _ width: Int, _ height: Int)
    -> (x0: Int, x1: Int, y0: Int, y1: Int)
{
    (x, x + width == picture.width ? picture.lumaWidth : x + width,
     y, y + height == picture.height ? picture.lumaHeight : y + height)
}

/// A frame's sizes, read once so the planes can be borrowed mutably while runs are computed.
private struct PlaneGeometry {
    var width, height, lumaWidth, lumaHeight: Int

    init(_ frame: YUVFrame) {
        (width, height, lumaWidth, lumaHeight) = (frame.width, frame.height, frame.lumaWidth, frame.lumaHeight)
    }
}

/// Writes the clear colour's samples into `tiles`.
func fill(_ frame: inout YUVFrame, _ tiles: DirtyTiles, with samples: (y: UInt8, cb: UInt8, cr: UInt8)) {
    guard !tiles.isEmpty else { return }
    let lumaWidth = frame.lumaWidth, chromaWidth = frame.chromaWidth
    let picture = PlaneGeometry(frame)
    frame.y.withUnsafeMutableBufferPointer { yPlane in
        frame.u.withUnsafeMutableBufferPointer { uPlane in
            frame.v.withUnsafeMutableBufferPointer { vPlane in
                guard let yBase = yPlane.baseAddress, let uBase = uPlane.baseAddress, let vBase = vPlane.baseAddress
                else { return }
                tiles.forEachRun { x, y, width, height in
                    let run = paddedRun(picture, x, y, width, height)
                    for row in run.y0..<run.y1 {
                        (yBase + row * lumaWidth + run.x0).update(repeating: samples.y, count: run.x1 - run.x0)
                    }
                    for row in (run.y0 / 2)..<(run.y1 / 2) {
                        let offset = row * chromaWidth + run.x0 / 2, count = (run.x1 - run.x0) / 2
                        (uBase + offset).update(repeating: samples.cb, count: count)
                        (vBase + offset).update(repeating: samples.cr, count: count)
                    }
                }
            }
        }
    }
}

/// Converts the pixels of `tiles` (every pixel when `nil`) into the frame's planes.
private func convert(_ picture: FramePixels, _ kernel: Kernel, tiles: DirtyTiles?, into frame: inout YUVFrame,
                     _ instructionSet: InstructionSet?) {
    picture.withUnsafeBytes { pixels, stride in
        // A picture is never empty, so its pixels have an address.
        guard let source = pixels.baseAddress else { return }
        convert(source, stride: stride, kernel, tiles: tiles, rows: 0..<frame.height, into: &frame, instructionSet)
    }
}

/// Converts the pixels of `tiles` (every pixel when `nil`) within picture rows `rows` into the frame's
/// planes; `source` is the picture's first pixel, `stride` bytes from one row to the next. `rows`
/// starts on an even row and ends on one too, or at the picture's end; with `tiles`, on tile rows.
func convert(_ source: UnsafeRawPointer, stride: Int, _ kernel: Kernel, tiles: DirtyTiles?, rows: Range<Int>,
             into frame: inout YUVFrame, _ instructionSet: InstructionSet?) {
    let width = frame.width, height = frame.height
    let lumaWidth = frame.lumaWidth, chromaWidth = frame.chromaWidth
    let picture = PlaneGeometry(frame)
    frame.y.withUnsafeMutableBytes { yPlane in
        frame.u.withUnsafeMutableBytes { uPlane in
            frame.v.withUnsafeMutableBytes { vPlane in
                // A frame is never empty, so the planes have addresses.
                guard let yBase = yPlane.baseAddress, let uBase = uPlane.baseAddress, let vBase = vPlane.baseAddress
                else { return }
                // Row pairs `firstPair ..< endPair`, picture columns `x0 ..< x1`.
                func convertRegion(pairs: Range<Int>, x0: Int, x1: Int) {
                    for pair in pairs {
                        let row0 = source + 2 * pair * stride
                        // The padding row of an odd-height picture repeats the last row.
                        let row1 = source + min(2 * pair + 1, height - 1) * stride
                        convertRowPair(
                            row0, row1, from: x0, to: x1, width: width, k: kernel,
                            y0: yBase + 2 * pair * lumaWidth,
                            y1: yBase + (2 * pair + 1) * lumaWidth,
                            u: uBase + pair * chromaWidth,
                            v: vBase + pair * chromaWidth, instructionSet: instructionSet)
                    }
                }
                guard let tiles else {
                    let run = paddedRun(picture, 0, rows.lowerBound, width, rows.count)
                    convertRegion(pairs: (run.y0 / 2)..<(run.y1 / 2), x0: 0, x1: width)
                    return
                }
                tiles.forEachRun(inRows: rows) { x, y, runWidth, runHeight in
                    let run = paddedRun(picture, x, y, runWidth, runHeight)
                    convertRegion(pairs: (run.y0 / 2)..<(run.y1 / 2), x0: x, x1: x + runWidth)
                }
            }
        }
    }
}
