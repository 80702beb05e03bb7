import Foundation

/// The `x264-params` string Flipbook opens libx264 with: `key=value` pairs joined by `:`.
///
/// With fixed threads every value is a function of the ``VideoOptions`` (and of the CPU's SIMD
/// extensions short of AVX-512, which do not change x264's output), never of the machine's core
/// count, so the bitstream is the same wherever a clip is rendered. With automatic threads
/// (`--threads auto`, the fast mode) x264 chooses its threads and uses every kernel the CPU has,
/// AVX-512 included: the user has accepted bytes that depend on the machine.
/// `level`, when given, is the level the stream signals (x264 otherwise picks it, from the VBV too).
func x264Parameters(for options: VideoOptions, vbv: VBV? = nil, level: H264Level? = nil) -> String {
    var pairs: [String] = []
    if !options.hasAutomaticThreads, let cpu = x264CPUFlagsWithoutAVX512() {
        // See X264CPUFlags.swift: x264's AVX-512 kernels broke reproducible output.
        pairs.append("asm=\(cpu)")
    }
    pairs.append("rc-lookahead=\(options.resolvedLookahead)")
    // x264 analyses the lookahead (frame types, macroblock tree) on a single thread unless told
    // otherwise (its automatic choice is threads ÷ 6 at preset medium, i.e. one). At 1080p/medium that
    // one thread was the encoder's bottleneck: a second lookahead thread made x264 alone 1.2–1.7×
    // faster on two cores (B3 and B1, 4 threads, lookahead 40). It is tied to the frame-thread count,
    // not to the machine, to stay deterministic.
    // With automatic threads x264 chooses both from the machine.
    if !options.hasAutomaticThreads { pairs.append("lookahead-threads=\(options.resolvedEncoderThreads)") }
    if let vbv {
        pairs.append("vbv-maxrate=\(vbv.maxRate)")
        pairs.append("vbv-bufsize=\(vbv.bufferSize)")
    }
    if let level { pairs.append("level=\(level.name)") }
    return pairs.joined(separator: ":")
}
