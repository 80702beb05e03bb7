/// Whether a drawing is in a light or a dark appearance, as SwiftUI's `ColorScheme`.
///
/// It decides what the semantic colours (``Color/primary``, ``Color/secondary``,
/// ``Color/accentColor``) and asset-catalog colours with a dark appearance draw as.
public enum ColorScheme: String, CaseIterable, Hashable, Sendable, Codable {
    /// The light appearance: dark content on a light background. The default.
    case light
    /// The dark appearance: light content on a dark background.
    case dark
}
