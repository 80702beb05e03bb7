import Foundation

/// A colour named in asset catalogs: the name, the catalogs of the bundle it was asked in, and the
/// opacity it was faded to.
@usableFromInline
struct AssetColorReference: Hashable, Sendable {
    let name: String
    /// Where the colour is looked up.
    let searchPath: AssetSearchPath
    /// Multiplies the colour's alpha.
    var opacity: Double = 1

    init(name: String, bundle: Bundle?) {
        self.name = name
        searchPath = AssetSearchPath(bundle: bundle)
    }

    /// The `AccentColor` of the catalogs searched in `environment` for a colour asked without a
    /// bundle (Xcode's name for an app's accent colour), or `nil` when none has one (no warning: the
    /// accent colour then falls back to system blue, as an app's without one does).
    static func accentColor(in environment: EnvironmentValues) -> Color? {
        let reference = AssetColorReference(name: "AccentColor", bundle: nil)
        return AssetCatalogs.color(named: reference.name, in: reference.searchPath.catalogs(in: environment))?
            .appearance(for: environment.colorScheme)
    }

    /// The fixed colour in `environment`; clear when no catalog has it (warning once if `warns`).
    func resolved(in environment: EnvironmentValues, warns: Bool) -> Color {
        let catalogs = searchPath.catalogs(in: environment)
        guard let asset = AssetCatalogs.color(named: name, in: catalogs) else {
            if warns { AssetCatalogs.warnMissing(name, searched: catalogs) }
            return .clear
        }
        return asset.appearance(for: environment.colorScheme).opacity(opacity)
    }
}
