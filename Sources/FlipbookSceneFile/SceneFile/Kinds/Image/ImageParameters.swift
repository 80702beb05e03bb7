import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// An image layer's parameters (`"scene": "image"`): see ``ImageScene``.
    public struct ImageParameters: Sendable, Equatable {
        /// The image file, relative to the scene file's folder: PNG, JPEG, WebP or SVG.
        public var src: String
        /// The box. Default: the image's natural size.
        public var size: Keyframed<CGSize>?
        /// How the image fills the box. Default contain.
        public var fit: ImageScene.Fit?
        /// For an animated GIF, APNG or WebP: `true` plays it forever, `false` once. Default: as the file says.
        public var loop: Bool?

        /// Image parameters; `nil` keys take their defaults.
        public init(src: String, size: Keyframed<CGSize>? = nil, fit: ImageScene.Fit? = nil, loop: Bool? = nil) {
            self.src = src
            self.size = size
            self.fit = fit
            self.loop = loop
        }

        /// The scene, with its picture decoded now, once; `src` is resolved against `baseDirectory`
        /// (the current directory when `nil`).
        ///
        /// - Throws: ``FlipbookError`` (invalid input) naming the file and `keyPath.src` when it is
        ///   missing or does not decode. The size is checked by the layer's check.
        public func makeScene(baseDirectory: URL?, keyPath: String = "") throws -> ImageScene {
            try makeScene(pictures: PictureCache(baseDirectory: baseDirectory), keyPath: keyPath)
        }

        /// The scene, its picture taken from (or decoded into) `pictures`.
        func makeScene(pictures: PictureCache, keyPath: String) throws -> ImageScene {
            let picture = try pictures.picture(src, keyPath: joinKeyPath(keyPath, "src"))
            return ImageScene(picture, size: size, fit: fit ?? .contain, loop: loop)
        }
    }
}

extension SceneFile.ImageParameters {
    static let parameters = ParameterTable<SceneFile.ImageParameters>(
        title: "Image layer", noun: "an image layer",
        summary: layerWithScene + #": a PNG, JPEG or WebP picture, an animated GIF, APNG or WebP, or an SVG drawn as vectors, "#
            + "fitted to its box. It is decoded once, when the timeline is made.",
        parameters: [
            .required("src", \.src, .text, help: "The image file, relative to the scene file's folder."),
            .boxSize(\.size, defaultText: "the image's natural size",
                     help: "The box the image is fitted to."),
            .optional("fit", \.fit, .choice(ImageScene.Fit.allCases.map { ($0.rawValue, $0) }), default: .contain,
                      help: "contain (whole, keeping its shape), cover (filling the box, clipped), fill (stretched) "
                          + "or none (natural size, centred, clipped)."),
            .optional("loop", \.loop, .bool, defaultText: "as many times as the file says",
                      help: "For an animated GIF, APNG or WebP (played with its frames' disposal and blending, as browsers do): "
                          + "true plays it forever, false once, then its last frame holds."),
        ])
}
