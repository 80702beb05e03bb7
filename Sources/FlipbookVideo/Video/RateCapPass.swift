/// How an encode keeps to a rate cap (the level's, or ``VideoOptions/maxBitrate``) and stays
/// byte-for-byte reproducible.
///
/// x264's rate buffer (VBV) plans each frame from the sizes its other frame threads estimate for
/// the frames they are still encoding (`frame_size_estimated` in x264's ratecontrol.c; x265 does the
/// same), so a capped encode with more than one frame thread depends on thread timing: three renders
/// of the storm benchmark gave three different files. Without a VBV, or with one frame thread, the
/// bytes are fixed. Both passes below are therefore deterministic.
package enum RateCapPass: Sendable, Hashable {
    /// The encoder's VBV holds the stream to the cap, with one frame thread (lookahead threads as
    /// many as usual).
    case held
    /// No VBV and every frame thread; each packet is checked against the cap's buffer as it comes
    /// out (``RateBufferCheck``), and the encode stops with ``RateCapExceeded`` at the first one that
    /// would empty it. `render` then draws the clip again with ``held``. Most clips stay within
    /// their level, and they are encoded at full speed exactly as without a cap.
    case checked
}

/// The error a ``RateCapPass/checked`` encode stops with when the stream goes over its cap. Not a
/// ``FlipbookError``: it never reaches the user, `render` answers it by encoding with the cap held.
package struct RateCapExceeded: Error, Equatable {
    /// The decode-order index of the packet that would have emptied the buffer.
    package var packet: Int
    /// The cap it went over.
    var cap: VBV
    /// The cap as messages give it: "max 43.75 Mb/s".
    package var capDescription: String { cap.description }
}
