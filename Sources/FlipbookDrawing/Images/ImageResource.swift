import Foundation

/// An image set of an asset catalog by name, as the `ImageResource` values Xcode generates for each
/// image set (`Image(.logo)`); Flipbook reads the catalog, not generated code, so declare the ones a
/// ported closure uses: `extension ImageResource { static let logo = ImageResource(name: "Logo", bundle: .main) }`.
public struct ImageResource: Hashable, Sendable {
    let name: String
    let bundle: Bundle

    /// The image set `name` in `bundle`'s asset catalogs (see ``Image/init(_:bundle:)``).
    public init(name: String, bundle: Bundle) {
        self.name = name
        self.bundle = bundle
    }
}

extension Image {
    /// The image of the image set `resource` names, as SwiftUI's `Image(_:)` with a generated asset
    /// symbol (see ``init(_:bundle:)``).
    public init(_ resource: ImageResource) {
        self.init(resource.name, bundle: resource.bundle)
    }
}
