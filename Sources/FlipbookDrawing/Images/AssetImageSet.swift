import Foundation

/// The images of one image set (`Name.imageset/Contents.json`) as Xcode writes it: one file per
/// scale and appearance, and whether the image is a template.
///
/// ```json
/// {"images": [
///   {"idiom": "universal", "filename": "star.png", "scale": "1x"},
///   {"idiom": "universal", "filename": "star@2x.png", "scale": "2x"},
///   {"idiom": "universal", "filename": "star-dark@2x.png", "scale": "2x",
///    "appearances": [{"appearance": "luminosity", "value": "dark"}]},
///   {"idiom": "universal", "scale": "3x"}
/// ],
///  "properties": {"template-rendering-intent": "template"}}
/// ```
///
/// A slot without a `filename` is empty. Variants for a device idiom are used when there is no
/// universal one; those for high contrast, a size class, a display gamut other than sRGB, a
/// right-to-left layout or a locale are for settings a drawing does not have.
struct AssetImageSet: Sendable {
    /// One file of the set.
    struct Variant: Sendable, Equatable {
        var file: URL
        /// Pixels per point; `nil` for a single-scale image (a vector, or a bitmap at 1x).
        var scale: CGFloat?
        var luminosity: ColorScheme?
    }

    /// The files a drawing can use.
    let variants: [Variant]
    /// How the set asks to be rendered (`nil`: as the context decides, in its own colours).
    let intent: Image.TemplateRenderingMode?

    /// Reads the set in `folder`; throws a message naming what is wrong.
    init(folder: URL) throws {
        let contents = folder.appendingPathComponent("Contents.json")
        let data: Data
        do {
            data = try Data(contentsOf: contents)
        } catch {
            throw AssetImageSetError("\(contents.path) cannot be read: \(error.localizedDescription)")
        }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw AssetImageSetError("\(contents.path) is not a JSON object")
        }
        guard let entries = root["images"] as? [[String: Any]] else {
            throw AssetImageSetError("\(contents.path) has no \"images\" list")
        }
        switch (root["properties"] as? [String: Any])?["template-rendering-intent"] as? String {
        case "template": intent = .template
        case "original": intent = .original
        default: intent = nil
        }
        var byIdiom: [String: [Variant]] = [:]
        for entry in entries {
            guard let name = entry["filename"] as? String, !name.isEmpty, Self.isForEveryDrawing(entry) else { continue }
            let appearances = entry["appearances"] as? [[String: Any]] ?? []
            let luminosity = appearances.first { $0["appearance"] as? String == "luminosity" }?["value"] as? String
            var scale: CGFloat?
            if let text = entry["scale"] as? String {
                guard text.hasSuffix("x"), let value = Double(text.dropLast()), value.isFinite, value > 0 else {
                    throw AssetImageSetError("\(contents.path): the scale \"\(text)\" of \(name) is not 1x, 2x or 3x")
                }
                scale = CGFloat(value)
            }
            let variant = Variant(file: folder.appendingPathComponent(name), scale: scale,
                                  luminosity: luminosity == "dark" ? .dark : luminosity == "light" ? .light : nil)
            byIdiom[entry["idiom"] as? String ?? "universal", default: []].append(variant)
        }
        // A universal image first; else a device's, the phone's before the others.
        let idiom = ["universal", "iphone", "ipad", "mac", "vision", "tv", "watch", "car"].first { byIdiom[$0] != nil }
            ?? byIdiom.keys.sorted().first
        variants = idiom.flatMap { byIdiom[$0] } ?? []
        guard !variants.isEmpty else {
            throw AssetImageSetError("\(contents.path) names no image file")
        }
    }

    /// Whether an entry applies whatever the device's settings: no high contrast, size class, wide
    /// gamut, right-to-left layout, locale or device subtype.
    private static func isForEveryDrawing(_ entry: [String: Any]) -> Bool {
        let appearances = entry["appearances"] as? [[String: Any]] ?? []
        if appearances.contains(where: { $0["appearance"] as? String == "contrast" }) { return false }
        for key in ["width-class", "height-class", "subtype", "locale", "screen-width", "memory", "graphics-feature-set"]
        where entry[key] != nil { return false }
        if let gamut = entry["display-gamut"] as? String, gamut != "sRGB" { return false }
        if let direction = entry["language-direction"] as? String, direction != "left-to-right" { return false }
        return true
    }

    /// The file for `scheme` drawn at `pixelsPerPoint`: the scheme's own appearance, else "any", else
    /// the other's; of those, the smallest scale at least `pixelsPerPoint`, else the largest (as an
    /// app on a 3x screen uses the 2x image when there is no 3x one).
    func variant(for scheme: ColorScheme, pixelsPerPoint: CGFloat) -> Variant {
        let own = variants.filter { $0.luminosity == scheme }
        let any = variants.filter { $0.luminosity == nil }
        let candidates = !own.isEmpty ? own : !any.isEmpty ? any : variants
        let byScale = candidates.sorted { ($0.scale ?? 1) < ($1.scale ?? 1) }
        // A hair below, so a scale of 2 computed as 1.9999999 still takes the 2x image.
        return byScale.first { ($0.scale ?? 1) >= pixelsPerPoint - 0.001 } ?? byScale[byScale.count - 1]
    }
}

/// Why an image set cannot be read.
struct AssetImageSetError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
