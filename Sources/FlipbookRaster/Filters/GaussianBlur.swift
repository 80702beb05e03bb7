import Foundation

/// A Gaussian blur of premultiplied pixels, separable: a horizontal then a vertical pass.
///
/// From a standard deviation σ of 2 pixels up it is three passes of an *extended* box filter
/// (Gwosdek, Grewenig, Bruhn and Weickert, "Theoretical foundations of Gaussian convolution by
/// extended box filtering", 2011): a box of whole pixels plus a fractional weight on the two taps
/// just outside it, chosen so that the three passes' variance is exactly σ². An edge's profile then
/// differs from the Gaussian's distribution function by at most 1% of full scale (0.5% at σ = 2,
/// 0.97% at σ = 10), at a cost independent of σ. Below σ = 2 pixels,
/// where a box of a few pixels is too coarse, it convolves with the sampled Gaussian itself.
/// Pixels outside the image count as transparent.
///
/// The boxes' running sums are exact: each value enters the sum as a whole number of steps of
/// 2⁻ᵏ (`FixedPoint`), held in `Double` lanes where such sums are exact, so what is added is
/// exactly what is later taken away. A `Float` running sum drifted by a few units in the last place
/// over a long row, enough to lift alpha inside a large opaque shape above 1 (which
/// `alphaThreshold(max: 1)` then dropped). With exact sums, rounding only ever goes one way from a
/// box of values in `0...1`: the result stays in `0...1`, and a box of opaque pixels stays opaque.
package struct GaussianBlur {
    /// Below this σ (pixels) the sampled kernel is used.
    static let smallSigma = 2.0
    static let passes = 3

    enum Method {
        case none
        case kernel([Float])
        /// A box of radius `radius` with weight `alpha` on the taps at ±(radius + 1).
        case extendedBox(radius: Int, alpha: Float)
    }

    let method: Method

    package init(sigma: Double) {
        guard sigma.isFinite, sigma > 0.01 else {
            method = .none
            return
        }
        if sigma < Self.smallSigma {
            let radius = Int((3 * sigma).rounded(.up))
            var weights = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
            let total = weights.reduce(0, +)
            weights = weights.map { $0 / total }
            method = .kernel(weights)
        } else {
            let variance = sigma * sigma / Double(Self.passes)
            let r = Int((0.5 * (12 * variance + 1).squareRoot() - 0.5).rounded(.down))
            let d = Double(r)
            let alpha = (2 * d + 1) * (d * (d + 1) - 3 * variance) / (6 * (variance - (d + 1) * (d + 1)))
            method = .extendedBox(radius: r, alpha: Float(alpha))
        }
    }

    /// How far (pixels) the blur spreads a pixel.
    package var reach: Int {
        switch method {
        case .none: return 0
        case .kernel(let w): return w.count / 2
        case .extendedBox(let r, _): return Self.passes * (r + 1)
        }
    }

    /// Blurs `image` in place.
    package func apply(to image: inout FilterImage) {
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { return }
        switch method {
        case .none:
            return
        case .kernel(let weights):
            var scratch = [SIMD4<Float>](repeating: .zero, count: w * h)
            image.pixels.withUnsafeMutableBufferPointer { pixels in
                scratch.withUnsafeMutableBufferPointer { tmp in
                    Self.convolveRows(pixels, into: tmp, width: w, height: h, weights: weights)
                    Self.convolveColumns(tmp, into: pixels, width: w, height: h, weights: weights)
                }
            }
            // The sampled weights add up to 1 only within rounding, which may lift a sum of opaque
            // pixels a unit in the last place above 1.
            image.clampToUnit()
        case .extendedBox(let radius, let alpha):
            var scratch = [SIMD4<Float>](repeating: .zero, count: w * h)
            image.pixels.withUnsafeMutableBufferPointer { pixels in
                scratch.withUnsafeMutableBufferPointer { tmp in
                    for _ in 0..<Self.passes {
                        Self.boxRows(pixels, into: tmp, width: w, height: h, radius: radius, alpha: alpha)
                        Self.boxColumns(tmp, into: pixels, width: w, height: h, radius: radius, alpha: alpha)
                    }
                }
            }
        }
    }

    /// The grid of a box's running sum: values in `0...1` rounded to whole multiples of `1 / scale`,
    /// and the sum of a whole box of them (`2r + 1` values, each at most `scale`) below 2⁵³, where
    /// whole numbers in a `Double` add and subtract exactly.
    struct FixedPoint {
        let scale: Double
        let unit: Double

        /// Steps of 2⁻⁴⁰ (far below a `Float`'s resolution near 1), fewer for boxes so wide that the
        /// sum would reach 2⁵³.
        init(radius r: Int) {
            let boxBits = Int.bitWidth - (2 * r + 1).leadingZeroBitCount
            let bits = min(40, 52 - boxBits)
            scale = Double(sign: .plus, exponent: bits, significand: 1)
            unit = 1 / scale
        }

        /// `v` in steps, clamped to `0...1` first (so no sum can overflow the grid, whatever it holds).
        @inline(__always)
        func steps(_ v: SIMD4<Float>) -> SIMD4<Double> {
            let d = SIMD4<Double>(Double(v.x), Double(v.y), Double(v.z), Double(v.w))
            return (d.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)) * scale).rounded(.toNearestOrEven)
        }

        /// A sum of steps as a value.
        @inline(__always)
        func value(_ sum: SIMD4<Double>) -> SIMD4<Float> {
            let v = sum * unit
            return SIMD4<Float>(Float(v.x), Float(v.y), Float(v.z), Float(v.w))
        }
    }

    // The box passes split each row (and the columns pass each image) into a leading edge, an
    // interior where every tap lies inside the image, and a trailing edge. Only the edges test
    // which taps exist; the interior, nearly all pixels of a large image, runs without a branch.
    // Both do the same arithmetic in the same order, so the split changes no result.

    private static func boxRows(_ src: UnsafeMutableBufferPointer<SIMD4<Float>>,
                                into dst: UnsafeMutableBufferPointer<SIMD4<Float>>,
                                width: Int, height: Int, radius r: Int, alpha: Float) {
        guard let source = src.baseAddress, let target = dst.baseAddress else { return }
        let norm = 1 / (Float(2 * r + 1) + 2 * alpha)
        let grid = FixedPoint(radius: r)
        // Pixels whose taps at ±(r + 1) are both inside the row.
        let interiorStart = min(r + 1, width), interiorEnd = max(width - r - 1, interiorStart)
        for y in 0..<height {
            let s = source + y * width, d = target + y * width
            var acc = SIMD4<Double>.zero
            for j in 0..<min(r, width) { acc += grid.steps(s[j]) }
            func edge(_ i: Int) {
                if i + r < width { acc += grid.steps(s[i + r]) }
                var edges = SIMD4<Float>.zero
                if i - r - 1 >= 0 { edges += s[i - r - 1] }
                if i + r + 1 < width { edges += s[i + r + 1] }
                d[i] = (grid.value(acc) + alpha * edges) * norm
                if i - r >= 0 { acc -= grid.steps(s[i - r]) }
            }
            for i in 0..<interiorStart { edge(i) }
            for i in interiorStart..<interiorEnd {
                acc += grid.steps(s[i + r])
                d[i] = (grid.value(acc) + alpha * (s[i - r - 1] + s[i + r + 1])) * norm
                acc -= grid.steps(s[i - r])
            }
            for i in interiorEnd..<width { edge(i) }
        }
    }

    private static func boxColumns(_ src: UnsafeMutableBufferPointer<SIMD4<Float>>,
                                   into dst: UnsafeMutableBufferPointer<SIMD4<Float>>,
                                   width: Int, height: Int, radius r: Int, alpha: Float) {
        guard let source = src.baseAddress, let target = dst.baseAddress else { return }
        let norm = 1 / (Float(2 * r + 1) + 2 * alpha)
        let grid = FixedPoint(radius: r)
        var sums = [SIMD4<Double>](repeating: .zero, count: width)
        sums.withUnsafeMutableBufferPointer { sums in
            guard let acc = sums.baseAddress else { return }
            for j in 0..<min(r, height) {
                let row = source + j * width
                for x in 0..<width { acc[x] += grid.steps(row[x]) }
            }
            var y = 0
            while y < height {
                let out = target + y * width
                if y - r - 1 >= 0, y + r + 2 < height {
                    // Two interior rows at once: row y's lower tap and subtracted row are row y + 1's
                    // added row and upper tap, so each is loaded once, and the running sum stays in
                    // a register between the rows.
                    let above = source + (y - r - 1) * width, shared = above + width, sub = shared + width
                    let add = source + (y + r) * width, middle = add + width, below = middle + width
                    let next = out + width
                    for x in 0..<width {
                        let m = middle[x], s = shared[x]
                        var sum = acc[x] + grid.steps(add[x])
                        out[x] = (grid.value(sum) + alpha * (above[x] + m)) * norm
                        sum -= grid.steps(s)
                        sum += grid.steps(m)
                        next[x] = (grid.value(sum) + alpha * (s + below[x])) * norm
                        acc[x] = sum - grid.steps(sub[x])
                    }
                    y += 2
                    continue
                }
                defer { y += 1 }
                if y - r - 1 >= 0, y + r + 1 < height {
                    // An interior row left over: every tap row exists.
                    let add = source + (y + r) * width, sub = source + (y - r) * width
                    let above = source + (y - r - 1) * width, below = source + (y + r + 1) * width
                    for x in 0..<width {
                        acc[x] += grid.steps(add[x])
                        out[x] = (grid.value(acc[x]) + alpha * (above[x] + below[x])) * norm
                        acc[x] -= grid.steps(sub[x])
                    }
                    continue
                }
                let add = y + r < height ? source + (y + r) * width : nil
                let above = y - r - 1 >= 0 ? source + (y - r - 1) * width : nil
                let below = y + r + 1 < height ? source + (y + r + 1) * width : nil
                let sub = y - r >= 0 ? source + (y - r) * width : nil
                for x in 0..<width {
                    if let add { acc[x] += grid.steps(add[x]) }
                    var edges = SIMD4<Float>.zero
                    if let above { edges += above[x] }
                    if let below { edges += below[x] }
                    out[x] = (grid.value(acc[x]) + alpha * edges) * norm
                    if let sub { acc[x] -= grid.steps(sub[x]) }
                }
            }
        }
    }

    private static func convolveRows(_ src: UnsafeMutableBufferPointer<SIMD4<Float>>,
                                     into dst: UnsafeMutableBufferPointer<SIMD4<Float>>,
                                     width: Int, height: Int, weights: [Float]) {
        let r = weights.count / 2
        for y in 0..<height {
            let row = y * width
            for x in 0..<width {
                var sum = SIMD4<Float>.zero
                for k in max(-r, -x)...min(r, width - 1 - x) { sum += weights[k + r] * src[row + x + k] }
                dst[row + x] = sum
            }
        }
    }

    private static func convolveColumns(_ src: UnsafeMutableBufferPointer<SIMD4<Float>>,
                                        into dst: UnsafeMutableBufferPointer<SIMD4<Float>>,
                                        width: Int, height: Int, weights: [Float]) {
        let r = weights.count / 2
        for y in 0..<height {
            let out = y * width
            for x in 0..<width { dst[out + x] = .zero }
            for k in max(-r, -y)...min(r, height - 1 - y) {
                let weight = weights[k + r], row = (y + k) * width
                for x in 0..<width { dst[out + x] += weight * src[row + x] }
            }
        }
    }
}
