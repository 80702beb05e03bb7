extension FastImage {
    /// The inner loop of ``FastImage``: bilinear samples of one image, times an opacity, composited over
    /// a row of destination pixels four at a time.
    ///
    /// Pixels are kept as FastFill keeps them: two 8-bit channels in the 16-bit halves of a 32-bit lane
    /// (blue/red and green/alpha), so that every product is a 16-bit multiply. The bilinear blend is
    /// pixman's, to the bit: 7-bit weights, one truncation after both directions. An invalid lane (a
    /// sample outside the image's interior, or past the span) gets opacity 0, which leaves its
    /// destination pixel exactly as it was.
    struct Sampler {
        let source: UnsafeRawPointer
        let stride: Int
        /// The largest valid top-left tap, and the sample limits (`(size − 1) << 16`).
        let lastX: Int32, lastY: Int32, limitX: Int32, limitY: Int32
        /// The opacity in both halves of each lane.
        let alpha: SIMD4<UInt32>

        init(_ image: Source, alpha: UInt32) {
            source = image.pixels
            stride = image.stride
            // FastImage.largestImage bounds both sizes, so these fit.
            lastX = Int32(image.width - 2)
            lastY = Int32(image.height - 2)
            limitX = Int32(image.width - 1) << 16
            limitY = Int32(image.height - 1) << 16
            self.alpha = SIMD4(repeating: alpha | alpha << 16)
        }

        /// Blends the samples at `start`, `start + step`, … (fixed-point coordinates) over `row[span]`,
        /// a row `width` pixels long.
        func blendRow(_ row: UnsafeMutablePointer<UInt32>, width: Int, span: Range<Int>, start: (Int32, Int32),
                      step: (Int32, Int32)) {
            let lanes = SIMD4<Int32>(0, 1, 2, 3)
            var fx = SIMD4(repeating: start.0) &+ lanes &* step.0
            var fy = SIMD4(repeating: start.1) &+ lanes &* step.1
            let stepX = SIMD4(repeating: step.0 &* 4), stepY = SIMD4(repeating: step.1 &* 4)
            var x = span.lowerBound
            while x + 4 <= span.upperBound {
                let raw = UnsafeMutableRawPointer(row + x)
                let d = raw.loadUnaligned(as: SIMD4<UInt32>.self)
                raw.storeBytes(of: blend(d, fx: fx, fy: fy, alpha: alpha), as: SIMD4<UInt32>.self)
                fx &+= stepX
                fy &+= stepY
                x += 4
            }
            let remaining = span.upperBound - x
            guard remaining > 0 else { return }
            if width >= 4 {
                // The last pixels as one group of four ending within the row: lanes outside the span get
                // opacity 0 and are written back as they were.
                let group = min(x, width - 4), skipped = Int32(x - group)
                let inSpan = (lanes .>= skipped) .& (lanes .< skipped + Int32(remaining))
                let raw = UnsafeMutableRawPointer(row + group)
                let d = raw.loadUnaligned(as: SIMD4<UInt32>.self)
                let result = blend(d, fx: fx &- skipped &* step.0, fy: fy &- skipped &* step.1,
                                   alpha: SIMD4(repeating: 0).replacing(with: alpha, where: inSpan))
                raw.storeBytes(of: result, as: SIMD4<UInt32>.self)
                return
            }
            var d = SIMD4<UInt32>(repeating: 0)
            var tailAlpha = SIMD4<UInt32>(repeating: 0)
            for i in 0..<remaining {
                d[i] = row[x + i]
                tailAlpha[i] = alpha[i]
            }
            let result = blend(d, fx: fx, fy: fy, alpha: tailAlpha)
            for i in 0..<remaining { row[x + i] = result[i] }
        }

        /// Four destination pixels `d` with the samples at `(fx, fy)` times `alpha` composited over them.
        @inline(__always)
        func blend(_ d: SIMD4<UInt32>, fx: SIMD4<Int32>, fy: SIMD4<Int32>, alpha: SIMD4<UInt32>) -> SIMD4<UInt32> {
            let zero = SIMD4<Int32>(repeating: 0)
            let valid = (fx .>= zero) .& (fx .< SIMD4(repeating: limitX)) .& (fy .>= zero)
                .& (fy .< SIMD4(repeating: limitY))
            let laneAlpha = SIMD4<UInt32>(repeating: 0).replacing(with: alpha, where: valid)
            // Clamped so that every tap read lies inside the image, whatever the lane.
            let tapX = (fx &>> 16).clamped(lowerBound: zero, upperBound: SIMD4(repeating: lastX))
            let tapY = (fy &>> 16).clamped(lowerBound: zero, upperBound: SIMD4(repeating: lastY))
            let shift = 16 - FastImage.weightBits, weightMask = Int32(1) << FastImage.weightBits - 1
            let wx = unsafeBitCast((fx &>> shift) & weightMask, to: SIMD4<UInt32>.self)
            let wy = unsafeBitCast((fy &>> shift) & weightMask, to: SIMD4<UInt32>.self)

            var tl = SIMD4<UInt32>(), tr = SIMD4<UInt32>(), bl = SIMD4<UInt32>(), br = SIMD4<UInt32>()
            for i in 0..<4 {
                let top = source + Int(tapY[i]) * stride + Int(tapX[i]) * 4
                let upper = top.loadUnaligned(as: UInt64.self), lower = (top + stride).loadUnaligned(as: UInt64.self)
                tl[i] = UInt32(truncatingIfNeeded: upper)
                tr[i] = UInt32(truncatingIfNeeded: upper >> 32)
                bl[i] = UInt32(truncatingIfNeeded: lower)
                br[i] = UInt32(truncatingIfNeeded: lower >> 32)
            }

            let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF), low7 = SIMD4<UInt32>(repeating: 0x007F_007F)
            let one = SIMD4<UInt32>(repeating: 0x0080_0080)  // 1.0 in 7-bit weights, both halves
            let wy1 = wy | wy &<< 16, wy0 = one &- wy1
            let wx1 = wx | wx &<< 16, wx0 = one &- wx1
            // Vertical: exact, at most 255 · 128 per half.
            func vertical(_ top: SIMD4<UInt32>, _ bottom: SIMD4<UInt32>) -> SIMD4<UInt32> {
                multiply(top, wy0) &+ multiply(bottom, wy1)
            }
            // Horizontal: pixman's ⌊(l · (128 − wx) + r · wx) / 2¹⁴⌋, whose sum needs 22 bits, from the
            // vertical results' top 8 and low 7 bits blended apart (each sum within 16 bits):
            // ⌊(128 A + B) / 2¹⁴⌋ = ⌊(A + ⌊B / 128⌋) / 128⌋.
            func horizontal(_ left: SIMD4<UInt32>, _ right: SIMD4<UInt32>) -> SIMD4<UInt32> {
                let high = multiply(left &>> 7 & mask, wx0) &+ multiply(right &>> 7 & mask, wx1)
                let low = multiply(left & low7, wx0) &+ multiply(right & low7, wx1)
                return (high &+ (low &>> 7 & mask)) &>> 7 & mask
            }
            let sampleRB = horizontal(vertical(tl & mask, bl & mask), vertical(tr & mask, br & mask))
            let sampleAG = horizontal(vertical(tl &>> 8 & mask, bl &>> 8 & mask),
                                      vertical(tr &>> 8 & mask, br &>> 8 & mask))

            // The opacity (pixman's mask multiply), then source-over with pixman's rounding.
            let sourceRB = FastFillRasterizer.packedDiv255(multiply(sampleRB, laneAlpha), mask)
            let sourceAG = FastFillRasterizer.packedDiv255(multiply(sampleAG, laneAlpha), mask)
            let inverse = 255 &- (sourceAG &>> 16)
            let inverse2 = inverse | inverse &<< 16
            let rb = saturated(FastFillRasterizer.packedDiv255(multiply(d & mask, inverse2), mask) &+ sourceRB)
            let ag = saturated(FastFillRasterizer.packedDiv255(multiply(d &>> 8 & mask, inverse2), mask) &+ sourceAG)
            return rb | ag &<< 8
        }

        /// The products of the 16-bit halves (each product below 2¹⁶).
        @inline(__always)
        func multiply(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<UInt32> {
            unsafeBitCast(unsafeBitCast(a, to: SIMD8<UInt16>.self) &* unsafeBitCast(b, to: SIMD8<UInt16>.self),
                          to: SIMD4<UInt32>.self)
        }

        /// Each half clamped to 255 (a sum of at most 510), as pixman's saturating add; a valid
        /// premultiplied image never needs it.
        @inline(__always)
        func saturated(_ x: SIMD4<UInt32>) -> SIMD4<UInt32> {
            let carry = x & 0x0100_0100
            return (x | (carry &- carry &>> 8)) & 0x00FF_00FF
        }
    }
}
