import Foundation

/// A value for one of a Lottie file's slots (the Lottie format's `slots`, which properties name with
/// `sid`): substituted into the JSON before rlottie reads it, so it changes the animation everywhere
/// the slot is used.
public enum LottieSlotValue: Sendable, Equatable {
    /// A colour property's value (a fill's or stroke's `c`).
    case color(Color)
    /// A one-number property's value (an opacity 0…100, a stroke width, a rotation in degrees).
    case number(Double)
    /// A property of several numbers (a position, a scale in percent).
    case vector([Double])
    /// An image asset's picture (an asset with a `sid`): the path of a PNG or JPEG file, a relative
    /// path starting from the folder the animation's own images are read from. The file is held to
    /// the limits of an image asset, embedded, and drawn where the asset was, at one pixel per asset
    /// pixel within the asset's `w` × `h`.
    case image(String)

    /// The slot's `p` as the Lottie format writes it: a property value `{"a": 0, "k": …}` (a colour as
    /// `[r, g, b, a]` in 0…1), or for an image the asset's members that change, its picture embedded.
    /// An image's path is resolved against `folder` and read within `limits`.
    ///
    /// - Throws: ``FlipbookError`` naming slot `id` when the image is missing, unreadable or not
    ///   an image an asset may hold.
    func property(id: String, folder: URL, limits: LottieLimits) throws -> LottieJSON {
        func numbers(_ values: [Double]) -> LottieJSON { .array(values.map { .literal("\($0)") }) }
        let value: LottieJSON
        switch self {
        case .color(let color): value = numbers([color.red, color.green, color.blue, color.opacity])
        case .number(let number): value = .literal("\(number)")
        case .vector(let values): value = numbers(values)
        case .image(let path):
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            let bytes: Data
            do {
                bytes = try readLottieFile(url, limit: limits.maximumFileSize, what: "image")
            } catch let error as FlipbookError {
                throw FlipbookError(invalid: "The slot '\(id)'", "must name a readable image: \(error.message)")
            }
            if let problem = imageDataProblem(bytes, limits: limits) {
                throw FlipbookError(invalid: "The slot '\(id)'", "names \(url.standardizedFileURL.path), which \(problem)")
            }
            return .object(embeddedImageMembers(bytes))
        }
        return .object([("a", .literal("0")), ("k", value)])
    }

    /// Whether the value is an image asset's rather than a property's.
    var isImage: Bool {
        if case .image = self { true } else { false }
    }

    /// Why the value cannot be used, or `nil`: every number must be finite.
    package var problem: String? {
        switch self {
        case .color: nil
        case .image(let path): path.isEmpty ? "must name an image file; it is empty." : nil
        case .number(let value): value.isFinite ? nil : "must be a finite number; it is \(value)."
        case .vector(let values):
            values.isEmpty ? "must be a non-empty list of numbers; it is empty."
                : values.allSatisfy(\.isFinite) ? nil : "must be a list of finite numbers."
        }
    }
}
