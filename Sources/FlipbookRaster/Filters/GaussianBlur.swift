import FlipbookCore
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
/// The boxes' running sums are exact. Between passes every value is rounded to a whole number of
/// steps of 2⁻ᵏ (`Grid`), and the passes work in steps, so a running sum only ever holds whole
/// numbers below 2²⁴, which `Float` adds and subtracts without error: what leaves the sum is exactly
/// what entered it. (A running sum of arbitrary floats drifted by units in the last place along a
/// row, enough to lift alpha inside a large opaque shape above 1, which an alpha threshold's
/// `max: 1` then dropped.) With exact sums rounding only ever goes one way from a box of values in
/// `0...1`, so the result stays in `0...1` and a box of opaque pixels stays opaque.
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
            let radius = Int(saturating: 3 * sigma, rounded: .up)
            var weights = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
            let total = weights.reduce(0, +)
            weights = weights.map { $0 / total }
            method = .kernel(weights)
        } else {
            let variance = sigma * sigma / Double(Self.passes)
            let r = Int(saturating: 0.5 * (12 * variance + 1).squareRoot() - 0.5, rounded: .down)
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
            let grid = Grid(radius: radius)
            let norm = 1 / (Float(2 * radius + 1) + 2 * alpha)
            var scratch = [SIMD4<Float>](repeating: .zero, count: w * h)
            image.pixels.withUnsafeMutableBufferPointer { pixels in
                scratch.withUnsafeMutableBufferPointer { tmp in
                    for i in pixels.indices { pixels[i] = grid.round(pixels[i] * grid.steps) }
                    for pass in 0..<Self.passes {
                        // Each pass's result is rounded to whole steps for the next; the last one is
                        // scaled back from steps to values instead.
                        let last = pass == Self.passes - 1
                        Self.boxRows(pixels, into: tmp, width: w, height: h, radius: radius, alpha: alpha,
                                     norm: norm, magic: grid.magic)
                        Self.boxColumns(tmp, into: pixels, width: w, height: h, radius: radius, alpha: alpha,
                                        norm: last ? norm * grid.unit : norm, magic: last ? 0 : grid.magic)
                    }
                }
            }
        }
    }

    /// The steps the box passes count in: values in `0...1` as whole multiples of `unit` (2⁻ᵏ), fine
    /// enough that the sum of a whole box of them (`2r + 1` values of at most 2ᵏ steps) stays within
    /// 2²⁴, where every whole number is a `Float`. Wider boxes count in coarser steps: 2⁻¹⁹ at σ = 10,
    /// 2⁻¹⁵ (a 128th of an 8-bit step) at σ = 200.
    struct Grid {
        /// 2ᵏ: steps per unit value.
        let steps: Float
        /// 2⁻ᵏ.
        let unit: Float
        /// 1.5 · 2²³: adding it and taking it away rounds a `Float` below 2²² in magnitude to a whole
        /// number (to nearest, ties to even), in two vector instructions.
        let magic: Float = 12_582_912

        init(radius r: Int) {
            let boxBits = Int.bitWidth - (2 * r + 1).leadingZeroBitCount
            let k = min(22, 24 - boxBits)
            steps = Float(sign: .plus, exponent: k, significand: 1)
            unit = 1 / steps
        }

        @inline(__always)
        func round(_ v: SIMD4<Float>) -> SIMD4<Float> {
            (v + magic) - magic
        }
    }

    // The box passes split each row (and the columns pass each image) into a leading edge, an
    // interior where every tap lies inside the image, and a trailing edge. Only the edges test
    // which taps exist; the interior, nearly all pixels of a large image, runs without a branch.
    // Both do the same arithmetic in the same order, so the split changes no result.

    /// One box pass along the rows of `src`, in steps, into `dst`: each result times `norm`, then
    /// rounded to a whole number by adding and taking away `magic` (0 leaves it as it is).
    private static func boxRows(_ src: UnsafeMutableBufferPointer<SIMD4<Float>>,
                                into dst: UnsafeMutableBufferPointer<SIMD4<Float>>,
                                width: Int, height: Int, radius r: Int, alpha: Float, norm: Float, magic: Float) {
        guard let source = src.baseAddress, let target = dst.baseAddress else { return }
        // Pixels whose taps at ±(r + 1) are both inside the row.
        let interiorStart = min(r + 1, width), interiorEnd = max(width - r - 1, interiorStart)
        for y in 0..<height {
            let s = source + y * width, d = target + y * width
            var acc = SIMD4<Float>.zero
            for j in 0..<min(r, width) { acc += s[j] }
            func edge(_ i: Int) {
                if i + r < width { acc += s[i + r] }
                var edges = SIMD4<Float>.zero
                if i - r - 1 >= 0 { edges += s[i - r - 1] }
                if i + r + 1 < width { edges += s[i + r + 1] }
                d[i] = ((acc + alpha * edges) * norm + magic) - magic
                if i - r >= 0 { acc -= s[i - r] }
            }
            for i in 0..<interiorStart { edge(i) }
            for i in interiorStart..<interiorEnd {
                acc += s[i + r]
                d[i] = ((acc + alpha * (s[i - r - 1] + s[i + r + 1])) * norm + magic) - magic
                acc -= s[i - r]
            }
            for i in interiorEnd..<width { edge(i) }
        }
    }

    /// One box pass down the columns, as `boxRows` does along the rows.
    private static func boxColumns(_ src: UnsafeMutableBufferPointer<SIMD4<Float>>,
                                   into dst: UnsafeMutableBufferPointer<SIMD4<Float>>,
                                   width: Int, height: Int, radius r: Int, alpha: Float, norm: Float, magic: Float) {
        guard let source = src.baseAddress, let target = dst.baseAddress else { return }
        var sums = [SIMD4<Float>](repeating: .zero, count: width)
        sums.withUnsafeMutableBufferPointer { sums in
            guard let acc = sums.baseAddress else { return }
            for j in 0..<min(r, height) {
                let row = source + j * width
                for x in 0..<width { acc[x] += row[x] }
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
                        var sum = acc[x] + add[x]
                        out[x] = ((sum + alpha * (above[x] + m)) * norm + magic) - magic
                        sum -= s
                        sum += m
                        next[x] = ((sum + alpha * (s + below[x])) * norm + magic) - magic
                        acc[x] = sum - sub[x]
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
                        acc[x] += add[x]
                        out[x] = ((acc[x] + alpha * (above[x] + below[x])) * norm + magic) - magic
                        acc[x] -= sub[x]
                    }
                    continue
                }
                let add = y + r < height ? source + (y + r) * width : nil
                let above = y - r - 1 >= 0 ? source + (y - r - 1) * width : nil
                let below = y + r + 1 < height ? source + (y + r + 1) * width : nil
                let sub = y - r >= 0 ? source + (y - r) * width : nil
                for x in 0..<width {
                    if let add { acc[x] += add[x] }
                    var edges = SIMD4<Float>.zero
                    if let above { edges += above[x] }
                    if let below { edges += below[x] }
                    out[x] = ((acc[x] + alpha * edges) * norm + magic) - magic
                    if let sub { acc[x] -= sub[x] }
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
