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
