import CFlipbookKernels

/// The instruction sets the drawing kernels are compiled for, narrowest first. Each kernel gives the
/// same bytes on every one of them (the tests compare them), so a render does not depend on the CPU
/// it ran on; the widest this CPU runs is chosen once.
package enum InstructionSet: CaseIterable, Sendable {
    /// The package's baseline: SSE2 on x86-64, NEON on arm64. Every CPU.
    case baseline
    /// x86-64's AVX2: eight 32-bit lanes.
    case avx2
    /// x86-64's AVX-512 (F, BW and DQ): sixteen 32-bit lanes.
    case avx512

    /// Whether this CPU and its operating system run the instruction set.
    package var isAvailable: Bool {
        switch self {
        case .baseline: true
        case .avx2: InstructionSet.cpuHasAVX2
        case .avx512: InstructionSet.cpuHasAVX512
        }
    }

    /// The widest instruction set this CPU runs.
    package static let widest = allCases.last { $0.isAvailable } ?? .baseline

    private static let cpuHasAVX2 = flipbook_has_avx2()
    private static let cpuHasAVX512 = flipbook_has_avx512()
}
