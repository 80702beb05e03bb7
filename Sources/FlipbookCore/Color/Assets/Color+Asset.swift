import Foundation

extension Color {
    /// The colour named `name` in an asset catalog, as SwiftUI's `Color(_:bundle:)`.
    ///
    /// The colour is looked up in `Name.colorset/Contents.json` of the asset catalogs (`.xcassets`
    /// folders, as Xcode writes them; a compiled `Assets.car` cannot be read) in this order: those in
    /// `bundle`'s resources, those of the drawing's ``EnvironmentValues/assetCatalogs`` (a timeline's or
    /// scene file's `assets`), those named by the `FLIPBOOK_ASSETS` environment variable
    /// (colon-separated paths), and, when `bundle` is `nil`, those in the main bundle. Its "any" (or
    /// "light") appearance is drawn in the light colour scheme and its "dark" appearance, when it has
    /// one, in the dark scheme; sRGB, extended sRGB, linear sRGB, grey and Display P3 components are
    /// read (P3 is converted to sRGB, see ``RGBColorSpace/displayP3``).
    ///
    /// It is looked up when drawn. A name that no catalog has draws clear, and the first time it is
    /// drawn the warning `No color named 'Name' found in asset catalog` is printed on standard error,
    /// as SwiftUI logs it. The components (`red`, …) are the light appearance found in the catalogs
    /// known when the colour is made, or clear.
    public init(_ name: String, bundle: Bundle? = nil) {
        let reference = AssetColorReference(name: name, bundle: bundle)
        self = reference.resolved(in: EnvironmentValues(), warns: false)
        adaptation = Adaptation(.asset(reference))
    }
}
