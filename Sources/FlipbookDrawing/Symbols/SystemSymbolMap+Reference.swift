import Foundation

extension SystemSymbolMap {
    /// The DocC article `SystemSymbols.md`: every name of ``entries`` and its icon, and how a symbol
    /// is drawn. A test compares the checked-in article with this text.
    static func referenceMarkdown() -> String {
        var text = """
            # System symbols

            The SF Symbol names that `Image(systemName:)` draws, and the Material icon each is drawn with.

            ## Overview

            SF Symbols are Apple's and cannot be shipped with Flipbook, so ``Image/init(systemName:)`` draws
            each name it knows with an icon from Google's Material Icons (Apache License 2.0), whose font the
            package carries. The icons are close to the symbols in meaning and shape, not copies of them.

            A symbol's image is a template image \(Int(SystemSymbolFont.pointSize)) points square, the glyph box of the body font, as
            SwiftUI's default symbol is: drawn in a context it takes the shading the image resolves to.
            A name not listed here draws nothing and prints SwiftUI's warning once on standard error.

            This page is generated from the table in `SystemSymbolMap.swift`; a test fails when it is stale,
            and running the tests with `UPDATE_REFERENCE=1` rewrites it.

            | SF Symbol | Material icon |
            |---|---|

            """
        for entry in entries {
            text += "| `\(entry.symbol)` | `\(entry.icon)` |\n"
        }
        return text
    }
}
