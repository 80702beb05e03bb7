import Foundation

/// A scene that checks its own values, which its layer's check (``Timeline/Layer/validate(keyPath:)``)
/// calls, so a scene made in Swift and one read from a file are checked the same, once.
protocol SelfValidatingScene: Scene {
    /// Checks every value, naming the first bad one under `keyPath`.
    func validate(keyPath: String) throws
}

extension ShapeScene: SelfValidatingScene {}
extension ImageScene: SelfValidatingScene {}
extension GroupScene: SelfValidatingScene {}
extension LottieScene: SelfValidatingScene {}
