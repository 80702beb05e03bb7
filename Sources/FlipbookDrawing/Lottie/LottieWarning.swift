import Foundation

/// A part of a Lottie file that rlottie does not draw (text layers, merge paths and the other shape
/// items it skips, layer effects, expressions, some mask and blend modes, track mattes it takes from
/// another layer than lottie-web, assets it ignores), found by Flipbook's own reading of the file.
///
/// The animation still draws, without that part; ``LottieOptions/strict`` makes each an error.
public struct LottieWarning: Sendable, Equatable, CustomStringConvertible {
    /// The JSON pointer of the part (RFC 6901): `/layers/3`, `/assets/0/layers/1/shapes/2`.
    public var pointer: String
    /// What is not drawn: "text layer, not drawn".
    public var problem: String

    /// A warning about the part at `pointer`.
    public init(pointer: String, problem: String) {
        self.pointer = pointer
        self.problem = problem
    }

    /// `/layers/3: text layer, not drawn`.
    public var description: String { "\(pointer): \(problem)" }
}
