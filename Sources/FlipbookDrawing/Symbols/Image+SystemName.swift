import Foundation

extension Image {
    /// An image of the system symbol `systemName`, as SwiftUI's `Image(systemName:)`.
    ///
    /// SF Symbols are Apple's and cannot be shipped, so the symbol is drawn with the Material icon
    /// the package maps its name to (Google's Material Icons, Apache-2.0, carried with the package);
    /// the article "System symbols" lists every name and its icon. The image is a template image:
    /// drawn, it is filled with its resolved ``CairoCanvas/ResolvedImage/shading``, and
    /// ``renderingMode(_:)`` with `.original` draws the icon's own white. Its size is the default
    /// symbol's, the glyph box of the body font (17 × 17 points); draw it in a rectangle to scale it.
    ///
    /// A name the map does not have draws nothing, and the first use of each such name prints
    /// SwiftUI's warning, "No symbol named '…' found in system symbol set", on standard error.
    ///
    /// ```swift
    /// context.draw(Image(systemName: "star.fill"), at: CGPoint(x: 40, y: 40))
    /// ```
    public init(systemName: String) {
        self.init(systemName: systemName, warnings: .standardError)
    }

    /// An image of the system symbol `systemName`, warning about an unknown name through `warnings`.
    init(systemName name: String, warnings: OnceWarnings) {
        let scale = CGFloat(SystemSymbolFont.pixelsPerPoint)
        guard let icon = SystemSymbolMap.icon(for: name) else {
            warnings.warn(about: name, "No symbol named '\(name)' found in system symbol set")
            self = .nothing
            return
        }
        switch SystemSymbolFont.raster(icon: icon) {
        case .success(let raster):
            self = Image(bitmap: raster, scale: scale).renderingMode(.template)
        case .failure(let error):
            warnings.warn(about: name, "The symbol '\(name)' could not be drawn: \(error.message)")
            self = .nothing
        }
    }
}
