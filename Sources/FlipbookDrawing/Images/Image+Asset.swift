import Foundation

extension Image {
    /// The image named `name` in an asset catalog, as SwiftUI's `Image(_:bundle:)`.
    ///
    /// The image set `Name.imageset` (or `Folder/Name.imageset`) is looked up, when the image is drawn,
    /// in the asset catalogs (`.xcassets` folders, as Xcode writes them) of `bundle`, of the drawing's
    /// ``EnvironmentValues/assetCatalogs``, of the `FLIPBOOK_ASSETS` environment variable and, when
    /// `bundle` is `nil`, of the main bundle — where `Color("Name")` is. Of the set's files the one for
    /// the drawing's colour scheme (its dark appearance in the dark scheme) and scale is drawn: the
    /// smallest scale at least the drawing's pixels per point (`bitmap.draw(scale: 2)` takes the `2x`
    /// file), else the largest, so an image keeps its size in points whichever file is drawn. The
    /// set's `template-rendering-intent` makes it a template image unless ``renderingMode(_:)`` says
    /// otherwise. PNG, JPEG, WebP and SVG files are read.
    ///
    /// A name no catalog has, or a set that cannot be read (a PDF, a missing file), draws nothing, and
    /// the first time it is drawn a warning is printed on standard error, as SwiftUI logs
    /// `No image named 'Name' found in asset catalog`.
    ///
    /// ```swift
    /// let star = context.resolve(Image("Star"))
    /// context.draw(star, at: CGPoint(x: 40, y: 40))
    /// ```
    public init(_ name: String, bundle: Bundle? = nil) {
        self.init(bitmap: nil, scale: 1, mode: nil, asset: AssetImageName(name: name, searchPath: AssetSearchPath(bundle: bundle)))
    }

    /// The image named `name` in an asset catalog, for decoration (see ``init(_:bundle:)``).
    public init(decorative name: String, bundle: Bundle? = nil) {
        self.init(name, bundle: bundle)
    }

    /// The image named `name` in an asset catalog; `label` is for accessibility, which a picture has not.
    public init(_ name: String, bundle: Bundle? = nil, label: Text) {
        self.init(name, bundle: bundle)
    }

    /// This image with its pixels: an image from an asset catalog looked up for a drawing of
    /// `pixelsPerPoint` in `environment` (the image of nothing when it cannot be found or read, with a
    /// warning once); any other image as it is.
    func resolved(pixelsPerPoint: CGFloat, environment: EnvironmentValues) -> Image {
        guard let asset else { return self }
        let catalogs = asset.searchPath.catalogs(in: environment)
        guard let folder = AssetCatalogs.set(named: asset.name, kind: "imageset", in: catalogs) else {
            AssetCatalogs.warn(key: "image:" + asset.name,
                               "No image named '\(asset.name)' found in asset catalog (\(AssetCatalogs.places(catalogs))); it draws nothing.")
            return .nothing
        }
        switch AssetImages.image(in: folder, scheme: environment.colorScheme, pixelsPerPoint: pixelsPerPoint) {
        case .success(let (bitmap, scale, intent)):
            return Image(bitmap: bitmap, scale: scale, mode: mode ?? intent, asset: nil)
        case .failure(let error):
            AssetCatalogs.warn(key: "image:" + folder.path, "The image '\(asset.name)' cannot be drawn: \(error.reason); it draws nothing.")
            return .nothing
        }
    }
}

/// An image's name in asset catalogs and where it is looked up.
struct AssetImageName: Hashable, Sendable {
    let name: String
    let searchPath: AssetSearchPath
}

/// The image sets read so far and the files decoded from them, each read once per process.
enum AssetImages {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var sets: [URL: Result<AssetImageSet, AssetImageSetError>] = [:]
    /// Decoded files (SVG files by the scale they were drawn at).
    nonisolated(unsafe) private static var files: [FileKey: Result<Bitmap, AssetImageSetError>] = [:]
    private struct FileKey: Hashable {
        let file: URL
        let scale: CGFloat
    }

    /// The pixels of the set in `folder` for `scheme` at `pixelsPerPoint`, their scale and the set's
    /// rendering intent.
    static func image(in folder: URL, scheme: ColorScheme, pixelsPerPoint: CGFloat)
        -> Result<(Bitmap, CGFloat, Image.TemplateRenderingMode?), AssetImageSetError> {
        lock.lock()
        let known = sets[folder]
        lock.unlock()
        let set = known ?? Result { try AssetImageSet(folder: folder) }.mapError { $0 as? AssetImageSetError ?? AssetImageSetError("\($0)") }
        if known == nil {
            lock.lock()
            sets[folder] = set
            lock.unlock()
        }
        return set.flatMap { set in
            let variant = set.variant(for: scheme, pixelsPerPoint: pixelsPerPoint)
            return decode(variant, pixelsPerPoint: pixelsPerPoint).map { ($0.0, $0.1, set.intent) }
        }
    }

    /// The pixels of `variant` and their scale: a bitmap file at its own scale, an SVG drawn at
    /// `pixelsPerPoint` (at most 8; at least 1).
    private static func decode(_ variant: AssetImageSet.Variant, pixelsPerPoint: CGFloat) -> Result<(Bitmap, CGFloat), AssetImageSetError> {
        let file = variant.file
        let isSVG = file.pathExtension.lowercased() == "svg"
        let scale = isSVG ? min(max((pixelsPerPoint * 4).rounded(.up) / 4, 1), 8) : variant.scale ?? 1
        let key = FileKey(file: file, scale: isSVG ? scale : 0)
        lock.lock()
        let known = files[key]
        lock.unlock()
        if let known { return known.map { ($0, scale) } }
        let made: Result<Bitmap, AssetImageSetError> = Result {
            switch file.pathExtension.lowercased() {
            case "pdf":
                throw AssetImageSetError("\(file.path) is a PDF, which Flipbook cannot draw; add a PNG or an SVG of it to the image set")
            case "svg":
                let svg = try SVGImage(contentsOf: file)
                // The file states its size: converted without trapping, the bitmap checks the limits.
                guard let width = Int(exactly: max((svg.size.width * scale).rounded(.up), 1)),
                      let height = Int(exactly: max((svg.size.height * scale).rounded(.up), 1)) else {
                    throw AssetImageSetError("\(file.path) is \(svg.size.width)×\(svg.size.height) points, too large to draw")
                }
                var bitmap = try Bitmap(width: width, height: height)
                bitmap.draw(scale: scale) { context, size in context.draw(svg, in: CGRect(origin: .zero, size: size)) }
                if let issue = bitmap.drawingIssue { throw issue }
                return bitmap
            default:
                return try Bitmap(contentsOf: file)
            }
        }.mapError { $0 as? AssetImageSetError ?? AssetImageSetError(($0 as? FlipbookError)?.message ?? "\($0)") }
        lock.lock()
        files[key] = made
        lock.unlock()
        return made.map { ($0, scale) }
    }
}
