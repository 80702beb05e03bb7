import FlipbookRaster
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs a test of `set`'s kernels only on a CPU that runs `set`; elsewhere the test is reported
    /// skipped, with the reason, rather than passing without having run them.
    package static func runs(_ set: InstructionSet) -> Self {
        .enabled(if: set.isAvailable, Comment(rawValue: "this CPU does not run \(set.name)"))
    }
}

extension InstructionSet {
    /// The name a person knows the instruction set by.
    package var name: String {
        switch self {
        case .baseline: "the baseline (SSE2 or NEON)"
        case .avx2: "AVX2"
        case .avx512: "AVX-512 (F, BW and DQ)"
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test of x86-64 code (SSE lanes, x264's x86 extensions) only on x86-64; elsewhere its
    /// body compiles to nothing, so the test is reported skipped with the reason instead of passing.
    package static var x86_64Only: Self {
        #if arch(x86_64)
        .enabled(if: true, "x86-64")
        #else
        .enabled(if: false, "this CPU is not x86-64")
        #endif
    }
}
