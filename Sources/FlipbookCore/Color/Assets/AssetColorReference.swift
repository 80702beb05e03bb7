import Foundation

/// A colour named in asset catalogs: the name, the catalogs of the bundle it was asked in, and the
/// opacity it was faded to.
@usableFromInline
struct AssetColorReference: Hashable, Sendable {
    let name: String
    /// The `.xcassets` folders of the bundle given (or of the main bundle when none was).
    let bundleCatalogs: [URL]
    /// Whether the bundle was given: the main bundle's catalogs are searched last.
    let bundleGiven: Bool
    /// Multiplies the colour's alpha.
    var opacity: Double = 1

    init(name: String, bundle: Bundle?) {
        self.name = name
        bundleGiven = bundle != nil
        bundleCatalogs = AssetCatalogs.catalogs(in: bundle ?? .main)
    }

    /// The catalogs searched in `environment`, in order.
    func searchPath(in environment: EnvironmentValues) -> [URL] {
        let given = bundleGiven ? bundleCatalogs : []
        let main = bundleGiven ? [] : bundleCatalogs
        return given + environment.assetCatalogs + AssetCatalogs.fromEnvironmentVariable() + main
    }

    /// The `AccentColor` of the catalogs searched in `environment` for a colour asked without a
    /// bundle (Xcode's name for an app's accent colour), or `nil` when none has one (no warning: the
    /// accent colour then falls back to system blue, as an app's without one does).
    static func accentColor(in environment: EnvironmentValues) -> Color? {
        let reference = AssetColorReference(name: "AccentColor", bundle: nil)
        return AssetCatalogs.color(named: reference.name, in: reference.searchPath(in: environment))?
            .appearance(for: environment.colorScheme)
    }

    /// The fixed colour in `environment`; clear when no catalog has it (warning once if `warns`).
    func resolved(in environment: EnvironmentValues, warns: Bool) -> Color {
        let catalogs = searchPath(in: environment)
        guard let asset = AssetCatalogs.color(named: name, in: catalogs) else {
            if warns { AssetCatalogs.warnMissing(name, searched: catalogs) }
            return .clear
        }
        return asset.appearance(for: environment.colorScheme).opacity(opacity)
    }
}
