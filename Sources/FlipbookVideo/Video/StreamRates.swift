import FlipbookCore

/// The coded size of every packet of a stream, in decode order with its presentation index, and
/// what the level's rate limits are measured on: the peak bits of any one second, in decoding and in
/// display order, and the coded picture buffer the stream needs at a given rate.
struct StreamRates {
    /// Bytes of each packet, in decode order.
    private(set) var sizes: [Int] = []
    /// Each packet's presentation timestamp.
    private(set) var timestamps: [Int64] = []

    mutating func add(bytes: Int, pts: Int64) {
        sizes.append(bytes)
        timestamps.append(pts)
    }

    /// The most bits in any one-second window of frames, in decode order: `fps` frames rounded up
    /// (frames `i…i+n−1` start within one second of each other).
    func peakBitsPerSecond(fps: FrameRate) -> Int {
        Self.peakWindow(sizes, length: Int(saturating: fps.framesPerSecond, rounded: .up)) * 8
    }

    /// As ``peakBitsPerSecond(fps:)``, in display order.
    func peakBitsPerSecondInDisplayOrder(fps: FrameRate) -> Int {
        let shown = zip(timestamps, sizes).sorted { $0.0 < $1.0 }.map(\.1)
        return Self.peakWindow(shown, length: Int(saturating: fps.framesPerSecond, rounded: .up)) * 8
    }

    /// The smallest coded picture buffer, in bits, that never underflows when filled at `bitrate`
    /// bits per second and starting full: a leaky bucket that gains `bitrate ÷ fps` per frame up to
    /// its size and loses each packet as it is decoded. Frame `i` finds
    /// `min over j ≤ i of (B − bits of frames j…i−1 + (i − j) × rate)` there, so the smallest `B`
    /// is the largest `bits of frames j…i − (i − j) × rate` over all runs `j…i`.
    func bufferBitsNeeded(bitrate: Int, fps: FrameRate) -> Int {
        let perFrame = Double(bitrate) / fps.framesPerSecond
        // Kadane's largest run of (size − rate per frame), plus one frame's rate back.
        var best = -Double.infinity, run = 0.0
        for size in sizes {
            let gain = Double(size * 8) - perFrame
            run = max(gain, run + gain)
            best = max(best, run)
        }
        return sizes.isEmpty ? 0 : Int(saturating: best + perFrame, rounded: .up)
    }

    private static func peakWindow(_ sizes: [Int], length: Int) -> Int {
        let length = max(1, length)
        var sum = 0, peak = 0
        for (index, size) in sizes.enumerated() {
            sum += size
            if index >= length { sum -= sizes[index - length] }
            peak = max(peak, sum)
        }
        return peak
    }
}
