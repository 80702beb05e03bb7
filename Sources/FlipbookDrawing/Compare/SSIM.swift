/// The mean structural similarity of two pictures of packed 4-byte pixels: each channel's SSIM over
/// non-overlapping 8 × 8 windows (smaller at the right and bottom edges), averaged over windows and
/// channels, with Wang et al.'s constants for 8-bit values, `C₁ = (0.01 × 255)²`, `C₂ = (0.03 × 255)²`.
func structuralSimilarity(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> Double {
    let c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255)
    var total = 0.0
    var windows = 0
    for top in stride(from: 0, to: height, by: 8) {
        for left in stride(from: 0, to: width, by: 8) {
            for channel in 0..<4 {
                var sumA = 0.0, sumB = 0.0, sumAA = 0.0, sumBB = 0.0, sumAB = 0.0
                var count = 0.0
                for y in top..<min(top + 8, height) {
                    for x in left..<min(left + 8, width) {
                        let va = Double(a[(y * width + x) * 4 + channel]), vb = Double(b[(y * width + x) * 4 + channel])
                        sumA += va
                        sumB += vb
                        sumAA += va * va
                        sumBB += vb * vb
                        sumAB += va * vb
                        count += 1
                    }
                }
                let meanA = sumA / count, meanB = sumB / count
                let varianceA = sumAA / count - meanA * meanA, varianceB = sumBB / count - meanB * meanB
                let covariance = sumAB / count - meanA * meanB
                total += ((2 * meanA * meanB + c1) * (2 * covariance + c2))
                    / ((meanA * meanA + meanB * meanB + c1) * (varianceA + varianceB + c2))
                windows += 1
            }
        }
    }
    return windows > 0 ? total / Double(windows) : 1
}
