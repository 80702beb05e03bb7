import Foundation

/// How a Lottie file is read: the bounds it is checked against, the values its slots take, the
/// properties overridden, and whether an undrawn feature is an error.
public struct LottieOptions: Sendable, Equatable {
    /// The bounds checked before rlottie sees the file.
    public var limits: LottieLimits
    /// Values for the file's slots, by slot id (`sid`).
    public var slots: [String: LottieSlotValue]
    /// Property overrides, applied in order.
    public var overrides: [LottieOverride]
    /// Whether a feature rlottie does not draw (a ``LottieWarning``) refuses the file. Default false.
    public var strict: Bool

    /// Options; the defaults read the file as it is, with the default limits.
    public init(limits: LottieLimits = LottieLimits(), slots: [String: LottieSlotValue] = [:],
                overrides: [LottieOverride] = [], strict: Bool = false) {
        self.limits = limits
        self.slots = slots
        self.overrides = overrides
        self.strict = strict
    }
}
