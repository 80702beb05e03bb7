import Foundation

/// How a symbol's layers are coloured, as SwiftUI's `SymbolRenderingMode`.
///
/// The icons ``Image/init(systemName:)`` draws have a single layer, so every mode draws the symbol in
/// one colour: its resolved shading (the context's foreground unless set). The modes exist so code
/// written for SF Symbols compiles unchanged and draws what a one-layer symbol draws in SwiftUI.
public struct SymbolRenderingMode: Hashable, Sendable {
    let name: String

    /// One colour for the whole symbol.
    public static let monochrome = SymbolRenderingMode(name: "monochrome")
    /// Layers in opacities of one colour; a one-layer symbol is that colour.
    public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
    /// Layers in the colours given; a one-layer symbol takes the first.
    public static let palette = SymbolRenderingMode(name: "palette")
    /// The symbol's own colours; a one-layer symbol without any is drawn in the foreground.
    public static let multicolor = SymbolRenderingMode(name: "multicolor")
}

extension Image {
    /// The same image with its symbol layers coloured in `mode`. Every icon here has one layer, so
    /// the picture is the one-colour symbol in any mode (see ``SymbolRenderingMode``).
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image {
        self
    }
}
