import Foundation

/// Where a named asset (`Color("Name", bundle:)`, `Image("Name", bundle:)`) is looked up: the asset
/// catalogs of the bundle given, then the drawing's, then those `FLIPBOOK_ASSETS` names, then, when no
/// bundle was given, the main bundle's.
package struct AssetSearchPath: Hashable, Sendable {
    /// The `.xcassets` folders of the bundle given (or of the main bundle when none was).
    let bundleCatalogs: [URL]
    /// Whether the bundle was given: the main bundle's catalogs are searched last.
    let bundleGiven: Bool

    package init(bundle: Bundle?) {
        bundleGiven = bundle != nil
        bundleCatalogs = AssetCatalogs.catalogs(in: bundle ?? .main)
    }

    /// The catalogs searched in `environment`, in order.
    package func catalogs(in environment: EnvironmentValues) -> [URL] {
        let given = bundleGiven ? bundleCatalogs : []
        let main = bundleGiven ? [] : bundleCatalogs
        return given + environment.assetCatalogs + AssetCatalogs.fromEnvironmentVariable() + main
    }
}
