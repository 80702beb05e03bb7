import Foundation

/// A moment a scene makes a sound at: a confetti burst's launch, a ripple's touch-down.
public struct SoundEvent: Sendable, Equatable {
    /// When, in the scene's clock.
    public var time: TimeInterval
    /// How big the event is, 1 for an ordinary one: a layer's sound that follows its events is
    /// `20 × log10(weight)` dB louder (a burst of four times the default count, 6 dB).
    public var weight: Double

    /// An event at `time` of `weight`.
    public init(time: TimeInterval, weight: Double = 1) {
        self.time = time
        self.weight = weight
    }
}

/// A scene that reports its events, so a layer's ``Timeline/Layer/sound`` can play at each.
public protocol SoundingScene: Scene {
    /// Every event, in the scene's clock, in time order.
    var soundEvents: [SoundEvent] { get }
}

extension RipplesScene: SoundingScene {
    /// Each ripple's touch-down.
    public var soundEvents: [SoundEvent] {
        ripples.map { SoundEvent(time: $0.start) }.sorted { $0.time < $1.time }
    }
}
