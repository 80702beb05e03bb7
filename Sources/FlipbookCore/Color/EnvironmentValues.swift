import Foundation

/// What a drawing is made in, as SwiftUI's `EnvironmentValues` is for a `Canvas`: read it as
/// `context.environment`.
///
/// Only the values a drawing can use here are kept: the colour scheme and where asset-catalog colours
/// are looked up.
public struct EnvironmentValues: Hashable, Sendable {
    /// The appearance semantic and asset-catalog colours resolve for. Default ``ColorScheme/light``.
    public var colorScheme: ColorScheme

    /// Asset catalogs (`.xcassets` folders) searched for `Color("Name")`, before those named by the
    /// `FLIPBOOK_ASSETS` environment variable. Default none.
    public var assetCatalogs: [URL]

    /// An environment with the given values.
    public init(colorScheme: ColorScheme = .light, assetCatalogs: [URL] = []) {
        self.colorScheme = colorScheme
        self.assetCatalogs = assetCatalogs
    }
}
