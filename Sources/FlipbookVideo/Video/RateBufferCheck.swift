import FlipbookCore

/// The decoder's buffer a rate cap describes (the VBV, H.264's hypothetical reference decoder),
/// followed packet by packet, to tell whether a stream encoded without the cap keeps to it anyway.
///
/// The model is x264's own (`update_vbv` in ratecontrol.c): the buffer starts 90 % full (x264's
/// `vbv-init`), each frame interval adds `maxRate ÷ fps` bits up to the buffer's size, and each
/// packet, in decode order, takes its bits out; a packet larger than what the buffer holds is an
/// underflow, which a VBV-held encode would have prevented.
struct RateBufferCheck {
    let cap: VBV
    /// Bits the buffer gains per frame.
    private let bitsPerFrame: Double
    private let size: Double
    /// Bits in the buffer before the next packet.
    private(set) var fill: Double
    /// Packets checked so far.
    private(set) var packets = 0

    /// x264's default initial fullness of the buffer (`vbv-init`).
    static let initialFullness = 0.9

    init(cap: VBV, fps: FrameRate) {
        self.cap = cap
        size = Double(cap.bufferSize) * 1000
        bitsPerFrame = Double(cap.maxRate) * 1000 / fps.framesPerSecond
        fill = size * Self.initialFullness
    }

    /// Takes one packet of `bytes` bytes out of the buffer.
    ///
    /// - Throws: ``RateCapExceeded`` when the packet is larger than what the buffer holds.
    mutating func take(packetBytes bytes: Int) throws {
        let bits = Double(bytes) * 8
        if bits > fill { throw RateCapExceeded(packet: packets, cap: cap) }
        fill = min(fill - bits + bitsPerFrame, size)
        packets += 1
    }
}
