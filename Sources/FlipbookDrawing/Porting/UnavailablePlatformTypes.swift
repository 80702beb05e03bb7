import Foundation

// UIKit's and AppKit's image and colour types, which code copied from an app reaches for. They cannot
// exist on Linux, so they are declared unavailable here with what to use instead. Where the real
// framework can be imported (on Apple platforms) they are left out, so they never clash with it.

#if !canImport(UIKit)
/// Unavailable: Flipbook loads images itself.
@available(*, unavailable, message: "Flipbook has no UIKit: load images with Image(contentsOf: url) or Bitmap(contentsOf: url) and draw them with context.draw(_:in:)")
public struct UIImage {
    /// Unavailable: load images with `Image(contentsOf:)`.
    public init?(named name: String) { return nil }
    /// Unavailable: load images with `Image(contentsOf:)`.
    public init?(contentsOfFile path: String) { return nil }
}

/// Unavailable: Flipbook's colours are `Color`.
@available(*, unavailable, message: "Flipbook has no UIKit: use Color, e.g. Color(red: 0.2, green: 0.4, blue: 1) or .blue")
public struct UIColor {}

extension Image {
    /// Unavailable: load images with `Image(contentsOf:)`.
    @available(*, unavailable, message: "Flipbook has no UIKit: load the image with Image(contentsOf: url)")
    public init(uiImage: UIImage) { self = .nothing }
}

extension Color {
    /// Unavailable: Flipbook's colours are `Color`.
    @available(*, unavailable, message: "Flipbook has no UIKit: give the colour as Color(red:green:blue:opacity:) or a named colour such as .blue")
    public init(uiColor: UIColor) { self = .clear }
}
#endif

#if !canImport(AppKit)
/// Unavailable: Flipbook loads images itself.
@available(*, unavailable, message: "Flipbook has no AppKit: load images with Image(contentsOf: url) or Bitmap(contentsOf: url) and draw them with context.draw(_:in:)")
public struct NSImage {
    /// Unavailable: load images with `Image(contentsOf:)`.
    public init?(named name: String) { return nil }
    /// Unavailable: load images with `Image(contentsOf:)`.
    public init?(contentsOfFile path: String) { return nil }
}

/// Unavailable: Flipbook's colours are `Color`.
@available(*, unavailable, message: "Flipbook has no AppKit: use Color, e.g. Color(red: 0.2, green: 0.4, blue: 1) or .blue")
public struct NSColor {}

extension Image {
    /// Unavailable: load images with `Image(contentsOf:)`.
    @available(*, unavailable, message: "Flipbook has no AppKit: load the image with Image(contentsOf: url)")
    public init(nsImage: NSImage) { self = .nothing }
}

extension Color {
    /// Unavailable: Flipbook's colours are `Color`.
    @available(*, unavailable, message: "Flipbook has no AppKit: give the colour as Color(red:green:blue:opacity:) or a named colour such as .blue")
    public init(nsColor: NSColor) { self = .clear }
}
#endif
