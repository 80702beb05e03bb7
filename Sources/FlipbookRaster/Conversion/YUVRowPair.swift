import CFlipbookKernels

// Eight 16-bit lanes: one 128-bit register, the shape LLVM turns `mulhi` into `pmulhuw` for
// (wider vectors fall back to emulated 32-bit multiplies on SSE2).
private typealias Lanes = SIMD8<UInt16>

/// The high half of a 16×16-bit unsigned product, `a·b >> 16`: `pmulhuw` on x86, `umull`+shift on
/// ARM. Baseline x86-64 (SSE2) has no 32-bit vector multiply, so all arithmetic here is on 16-bit
/// lanes, with coefficients scaled by 2¹⁶ and inputs pre-shifted so each product keeps 8 fraction
/// bits (its truncation costs under 1/256 of a level).
@inline(__always)
private func mulhi(_ a: Lanes, _ b: UInt16) -> Lanes {
    Lanes(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: a) &* UInt32(b)) &>> 16)
}

/// Splits 8 BGRA words into channels (colour clamped to alpha, as valid premultiplied colour is),
/// with `inv = 255 − alpha`.
@inline(__always)
private func channels(_ words: SIMD8<UInt32>) -> (r: Lanes, g: Lanes, b: Lanes, inv: Lanes) {
    let mask = SIMD8<UInt32>(repeating: 0xFF)
    let a = Lanes(truncatingIfNeeded: words &>> 24)
    let r = Lanes(truncatingIfNeeded: (words &>> 16) & mask)
    let g = Lanes(truncatingIfNeeded: (words &>> 8) & mask)
    let b = Lanes(truncatingIfNeeded: words & mask)
    return (pointwiseMin(r, a), pointwiseMin(g, a), pointwiseMin(b, a), Lanes(repeating: 255) &- a)
}

@inline(__always)
private func luma(_ r: Lanes, _ g: Lanes, _ b: Lanes, _ inv: Lanes, _ k: Kernel) -> SIMD8<UInt8> {
    // Each product is its term in 1/256 levels; the sum stays below 2¹⁶ for premultiplied input.
    // 16.5 · 256: the offset plus one half for rounding.
    let y = mulhi(r &<< 8, k.yR) &+ mulhi(g &<< 8, k.yG) &+ mulhi(b &<< 8, k.yB)
        &+ mulhi(inv &<< 8, k.yBackground) &+ Lanes(repeating: 16 * 256 + 128)
    return SIMD8<UInt8>(truncatingIfNeeded: y &>> 8)
}

/// Adds horizontally adjacent lanes of two 8-lane groups: 16 lanes in, 8 out. Viewing each pair of
/// 16-bit lanes as one 32-bit lane turns the pairwise add into a shift, a mask and an add instead
/// of lane shuffles.
@inline(__always)
private func pairSums(_ first: Lanes, _ second: Lanes) -> Lanes {
    let a = unsafeBitCast(first, to: SIMD4<UInt32>.self), b = unsafeBitCast(second, to: SIMD4<UInt32>.self)
    let pairs = SIMD8<UInt32>(lowHalf: (a & 0xFFFF) &+ (a &>> 16), highHalf: (b & 0xFFFF) &+ (b &>> 16))
    return Lanes(truncatingIfNeeded: pairs)
}

@inline(__always)
private func chroma(
    positive: Lanes, first: Lanes, second: Lanes, inv: Lanes,
    _ cPositive: UInt16, _ cFirst: UInt16, _ cSecond: UInt16, bgPlus: UInt16, bgMinus: UInt16
) -> SIMD8<UInt8> {
    // Inputs are sums of four pixels (≤ 1020); << 6 makes each product its term in 1/256 levels.
    // The result is 16…240 levels, so wrapping 16-bit arithmetic on the way there is exact.
    let c = Lanes(repeating: 128 * 256 + 128)
        &+ mulhi(positive &<< 6, cPositive) &- mulhi(first &<< 6, cFirst) &- mulhi(second &<< 6, cSecond)
        &+ mulhi(inv &<< 6, bgPlus) &- mulhi(inv &<< 6, bgMinus)
    return SIMD8<UInt8>(truncatingIfNeeded: c &>> 8)
}

/// Converts columns `x0 ..< x1` of two source rows (a picture `width` pixels wide) into two luma
/// rows and one row of each chroma plane; the row pointers are the rows' starts. `x0` is even, and
/// `x1` either even or `width`, which also writes the padding column of an odd width.
@inline(__always)
func convertRowPair(
    _ row0: UnsafeRawPointer, _ row1: UnsafeRawPointer, from x0: Int, to x1: Int, width: Int, k: Kernel,
    y0: UnsafeMutableRawPointer, y1: UnsafeMutableRawPointer,
    u: UnsafeMutableRawPointer, v: UnsafeMutableRawPointer, instructionSet: InstructionSet?
) {
    var x = x0
    if let instructionSet {
        var rows = flipbook_yuv_rows(
            row0: row0.assumingMemoryBound(to: UInt8.self), row1: row1.assumingMemoryBound(to: UInt8.self),
            luma0: y0.assumingMemoryBound(to: UInt8.self), luma1: y1.assumingMemoryBound(to: UInt8.self),
            cb: u.assumingMemoryBound(to: UInt8.self), cr: v.assumingMemoryBound(to: UInt8.self),
            x: x0, end: x1, coefficients: k)
        switch instructionSet {
        case .baseline: x = flipbook_yuv_rows_portable(&rows)
        case .avx2: x = flipbook_yuv_rows_avx2(&rows)
        case .avx512: x = flipbook_yuv_rows_avx512(&rows)
        }
    }
    // The last uniform block converted: its pixel and its Y, Cb, Cr vectors (every lane equal).
    var uniform: (pixel: UInt32, y: SIMD8<UInt8>, cb: SIMD8<UInt8>, cr: SIMD8<UInt8>)? = nil
    // Sixteen pixels (eight chroma samples) per step.
    while x + 16 <= x1 {
        // a/b: the two 8-pixel groups; 0/1: the two rows.
        let w0a = row0.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<UInt32>.self)
        let w0b = row0.loadUnaligned(fromByteOffset: 4 * x + 32, as: SIMD8<UInt32>.self)
        let w1a = row1.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<UInt32>.self)
        let w1b = row1.loadUnaligned(fromByteOffset: 4 * x + 32, as: SIMD8<UInt32>.self)
        // Frames are mostly background: a 16×2 block of one pixel, repeated along the row, gives the
        // same samples as the last such block, so they are stored again rather than recomputed.
        // Exact by construction: the cached vectors came out of the arithmetic below. On B1's frames
        // conversion went from 1.80 to 0.63 ms, on B2's from 1.81 to 1.36 ms; on random noise (no
        // uniform block) it costs 10 % more (1.80 → 1.98 ms).
        // Branch-free (one test of the ORed differences): a short-circuited comparison measured
        // slower on real frames, whose detail and background alternate unpredictably.
        let splat = SIMD8<UInt32>(repeating: w0a[0])
        let isUniform = ((w0a ^ splat) | (w0b ^ splat) | (w1a ^ splat) | (w1b ^ splat)) == .zero
        if isUniform, let cached = uniform, cached.pixel == w0a[0] {
            y0.storeBytes(of: cached.y, toByteOffset: x, as: SIMD8<UInt8>.self)
            y0.storeBytes(of: cached.y, toByteOffset: x + 8, as: SIMD8<UInt8>.self)
            y1.storeBytes(of: cached.y, toByteOffset: x, as: SIMD8<UInt8>.self)
            y1.storeBytes(of: cached.y, toByteOffset: x + 8, as: SIMD8<UInt8>.self)
            u.storeBytes(of: cached.cb, toByteOffset: x / 2, as: SIMD8<UInt8>.self)
            v.storeBytes(of: cached.cr, toByteOffset: x / 2, as: SIMD8<UInt8>.self)
            x += 16
            continue
        }
        let (r0a, g0a, b0a, i0a) = channels(w0a)
        let (r0b, g0b, b0b, i0b) = channels(w0b)
        let (r1a, g1a, b1a, i1a) = channels(w1a)
        let (r1b, g1b, b1b, i1b) = channels(w1b)
        let lumaA = luma(r0a, g0a, b0a, i0a, k)
        y0.storeBytes(of: lumaA, toByteOffset: x, as: SIMD8<UInt8>.self)
        y0.storeBytes(of: luma(r0b, g0b, b0b, i0b, k), toByteOffset: x + 8, as: SIMD8<UInt8>.self)
        y1.storeBytes(of: luma(r1a, g1a, b1a, i1a, k), toByteOffset: x, as: SIMD8<UInt8>.self)
        y1.storeBytes(of: luma(r1b, g1b, b1b, i1b, k), toByteOffset: x + 8, as: SIMD8<UInt8>.self)
        let r = pairSums(r0a &+ r1a, r0b &+ r1b), g = pairSums(g0a &+ g1a, g0b &+ g1b)
        let b = pairSums(b0a &+ b1a, b0b &+ b1b), inv = pairSums(i0a &+ i1a, i0b &+ i1b)
        let cb = chroma(positive: b, first: r, second: g, inv: inv, k.cbB, k.cbR, k.cbG,
                        bgPlus: k.cbPlus, bgMinus: k.cbMinus)
        let cr = chroma(positive: r, first: g, second: b, inv: inv, k.crR, k.crG, k.crB,
                        bgPlus: k.crPlus, bgMinus: k.crMinus)
        u.storeBytes(of: cb, toByteOffset: x / 2, as: SIMD8<UInt8>.self)
        v.storeBytes(of: cr, toByteOffset: x / 2, as: SIMD8<UInt8>.self)
        if isUniform { uniform = (w0a[0], lumaA, cb, cr) }
        x += 16
    }
    // The rest one 2×2 block at a time through the same arithmetic (lanes 0–3 used); the padding
    // column of an odd width repeats the last column.
    let end = x1 == width ? width + (width & 1) : x1
    while x < end {
        let xa = x, xb = min(x + 1, width - 1)
        let words = SIMD8<UInt32>(
            row0.load(fromByteOffset: 4 * xa, as: UInt32.self), row0.load(fromByteOffset: 4 * xb, as: UInt32.self),
            row1.load(fromByteOffset: 4 * xa, as: UInt32.self), row1.load(fromByteOffset: 4 * xb, as: UInt32.self),
            0, 0, 0, 0)
        let (r, g, b, inv) = channels(words)
        let ys = luma(r, g, b, inv, k)
        y0.storeBytes(of: ys[0], toByteOffset: x, as: UInt8.self)
        y0.storeBytes(of: ys[1], toByteOffset: x + 1, as: UInt8.self)
        y1.storeBytes(of: ys[2], toByteOffset: x, as: UInt8.self)
        y1.storeBytes(of: ys[3], toByteOffset: x + 1, as: UInt8.self)
        func sum(_ lanes: Lanes) -> Lanes {
            Lanes(repeating: lanes[0] &+ lanes[1] &+ lanes[2] &+ lanes[3])
        }
        let rs = sum(r), gs = sum(g), bs = sum(b), invs = sum(inv)
        let cb = chroma(positive: bs, first: rs, second: gs, inv: invs, k.cbB, k.cbR, k.cbG,
                        bgPlus: k.cbPlus, bgMinus: k.cbMinus)
        let cr = chroma(positive: rs, first: gs, second: bs, inv: invs, k.crR, k.crG, k.crB,
                        bgPlus: k.crPlus, bgMinus: k.crMinus)
        u.storeBytes(of: cb[0], toByteOffset: x / 2, as: UInt8.self)
        v.storeBytes(of: cr[0], toByteOffset: x / 2, as: UInt8.self)
        x += 2
    }
}
