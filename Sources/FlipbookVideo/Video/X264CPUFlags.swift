import CFFmpeg

/// The `asm=` value that lets x264 use every SIMD extension of this CPU except AVX-512.
///
/// x264's AVX-512 kernels made the output of identical input differ from run to run on an
/// AVX-512 machine (measured with libx264 core 164, one thread, input buffers fully initialised):
/// the bitstream depended on what else the process had been doing with memory. x264's other kernels
/// are bit-exact with its C code, so leaving out AVX-512 restores byte-identical output. Measured
/// again with Debian's ffmpeg and libx264 0.164 (Benchmarks/encoder-settings.md, 2026-11-27): the
/// same frames encoded under different `MALLOC_PERTURB_` fillings of fresh memory give different
/// streams at some widths (854, 1000, 1160, 1200, 1366 pixels) with MB-tree and B-frames on, and
/// at 1080 pixels a stream unlike the one without AVX-512; without AVX-512 every filling gives the
/// same bytes. The price is x264's speed: up to a fifth more encoder CPU (B1 at preset medium,
/// Benchmarks/versus-ffmpeg.md).
///
/// x264 detects the CPU itself; libavutil's detection is used here only to list the extensions the
/// CPU really has, since naming one it lacks would make x264 execute illegal instructions.
/// Returns `nil` off x86 (x264's ARM kernels are used as detected).
package func x264CPUFlagsWithoutAVX512() -> String? {
    #if arch(x86_64) || arch(i386)
    let flags: Int32 = av_get_cpu_flags()
    let names: [(flag: Int32, name: String)] = [
        (AV_CPU_FLAG_MMXEXT, "MMX2"), (AV_CPU_FLAG_SSE, "SSE"), (AV_CPU_FLAG_SSE2, "SSE2"),
        (AV_CPU_FLAG_SSE2SLOW, "SSE2Slow"), (AV_CPU_FLAG_SSE3, "SSE3"), (AV_CPU_FLAG_SSSE3, "SSSE3"),
        (AV_CPU_FLAG_SSE4, "SSE4.1"), (AV_CPU_FLAG_SSE42, "SSE4.2"), (AV_CPU_FLAG_AVX, "AVX"),
        (AV_CPU_FLAG_XOP, "XOP"), (AV_CPU_FLAG_FMA4, "FMA4"), (AV_CPU_FLAG_FMA3, "FMA3"),
        (AV_CPU_FLAG_BMI1, "BMI1"), (AV_CPU_FLAG_BMI2, "BMI2"), (AV_CPU_FLAG_AVX2, "AVX2"),
    ]
    let present: [String] = names.filter { flags & $0.flag != 0 }.map { $0.name }
    return present.isEmpty ? "0" : present.joined(separator: ",")
    #else
    return nil
    #endif
}
