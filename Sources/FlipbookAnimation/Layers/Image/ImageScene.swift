import FlipbookDrawing
import Foundation

/// A picture in its own box: a bitmap (PNG, JPEG, WebP) or an SVG drawn as vectors, fitted to the box
/// as SwiftUI's `resizable()` with `aspectRatio(contentMode:)` would.
///
/// The picture is decoded once, when the scene is made, and shared by every frame.
public struct ImageScene: BoxedScene {
    /// A decoded picture.
    public enum Picture: Sendable {
        /// Pixels, one per point at its natural size.
        case bitmap(Bitmap)
        /// Vectors.
        case svg(SVGImage)
        /// An animated GIF, APNG or WebP, played.
        case animated(AnimatedPicture)

        /// The picture's natural size in points.
        public var size: CGSize {
            switch self {
            case .bitmap(let bitmap): CGSize(width: bitmap.width, height: bitmap.height)
            case .svg(let svg): svg.size
            case .animated(let animation): animation.size
            }
        }

        /// Reads a PNG, JPEG, WebP or SVG file, telling SVG from the others by its contents; a GIF,
        /// APNG or WebP of more than one frame is an animation (``AnimatedPicture``).
        ///
        /// - Throws: ``FlipbookError`` from the decoders: missing, unreadable, empty, another format or damaged.
        public init(contentsOf url: URL) throws {
            let handle = try? FileHandle(forReadingFrom: url)
            let head = (try? handle?.read(upToCount: 512)) ?? nil
            try? handle?.close()
            if let head, SVGImage.isSVG(head) {
                self = .svg(try SVGImage(contentsOf: url))
            } else if let head, head.starts(with: Array("GIF8".utf8)) || head.starts(with: [0x89, 0x50, 0x4E, 0x47]),
                      let animation = AnimatedImageFile.scan(try Data(contentsOf: url)) {
                self = .animated(try AnimatedPicture(contentsOf: url, plays: animation.plays))
            } else if let head, head.count >= 12, head.starts(with: Array("RIFF".utf8)), head[8..<12].elementsEqual("WEBP".utf8),
                      let data = try? Data(contentsOf: url), WebPAnimation.isAnimated(data) {
                self = .animated(AnimatedPicture(try WebPAnimation(data: data, path: url.path)))
            } else {
                self = .bitmap(try Bitmap(contentsOf: url))
            }
        }
    }

    /// How a picture fills its box.
    public enum Fit: String, Sendable, CaseIterable {
        /// As large as fits whole, centred, keeping its aspect ratio (SwiftUI's `.fit`).
        case contain
        /// As small as covers the box, centred, keeping its aspect ratio, clipped to the box (`.fill`).
        case cover
        /// Stretched to the box.
        case fill
        /// At its natural size, centred, clipped to the box.
        case none

        /// The rectangle a picture of `natural` size is drawn in, in a box of `box` (its top-left at the
        /// origin), and whether it must be clipped to the box.
        public func place(_ natural: CGSize, in box: CGSize) -> (rect: CGRect, clips: Bool) {
            guard natural.width > 0, natural.height > 0 else { return (.zero, false) }
            let sx = box.width / natural.width, sy = box.height / natural.height
            let size: CGSize
            switch self {
            case .fill: return (CGRect(origin: .zero, size: box), false)
            case .contain: size = CGSize(width: natural.width * min(sx, sy), height: natural.height * min(sx, sy))
            case .cover: size = CGSize(width: natural.width * max(sx, sy), height: natural.height * max(sx, sy))
            case .none: size = natural
            }
            let rect = CGRect(x: (box.width - size.width) / 2, y: (box.height - size.height) / 2,
                              width: size.width, height: size.height)
            return (rect, size.width > box.width || size.height > box.height)
        }
    }

    /// The picture.
    public var picture: Picture
    /// The box; `nil` is the picture's natural size.
    public var size: Keyframed<CGSize>?
    /// How the picture fills the box. Default ``Fit/contain``.
    public var fit: Fit
    /// For an animated picture: `true` plays it forever, `false` once; `nil` as many times as the file says.
    public var loop: Bool?

    /// A picture in a box of `size` (its natural size when `nil`), fitted by `fit`.
    public init(_ picture: Picture, size: Keyframed<CGSize>? = nil, fit: Fit = .contain, loop: Bool? = nil) {
        self.picture = picture
        self.size = size
        self.fit = fit
        self.loop = loop
    }

    public func boxSize(canvas: CGSize, time: TimeInterval) -> CGSize {
        size?.value(at: time) ?? picture.size
    }

    /// Checks the box, naming `keyPath.size`.
    public func validate(keyPath: String) throws {
        if let size { try checkBoxSize(size, joinKeyPath(keyPath, "size")) }
    }

    /// The rectangle the picture is drawn in, for a box of `box`, and whether it must be clipped to the box.
    public func pictureRect(in box: CGSize) -> (rect: CGRect, clips: Bool) {
        fit.place(picture.size, in: box)
    }

    /// Draws the picture in the box `size` (as ``boxSize(canvas:time:)`` gave it), its top-left at the origin.
    public func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        let (rect, clips) = pictureRect(in: size)
        guard rect.width > 0, rect.height > 0 else { return }
        var context = context
        if clips { context.clip(to: Path(CGRect(origin: .zero, size: size))) }
        switch picture {
        case .bitmap(let bitmap): context.draw(bitmap, in: rect)
        case .svg(let svg): context.draw(svg, in: rect)
        case .animated(let animation):
            do {
                context.draw(try animation.frame(at: time, loop: loop), in: rect)
            } catch {
                context.recordFailure(error as? FlipbookError ?? .internal("\(error)"))
            }
        }
    }
}
