import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.ConfettiParameters {
    /// These parameters with every `{"image": …}` shape decoded, each file once, through `pictures`; errors name the shape's key path under `keyPath` (`layers[0].bursts[1].shapes[2].image`).
    func decodingImages(pictures: PictureCache, keyPath: String) throws -> SceneFile.ConfettiParameters {
        var decoded: [String: Bitmap] = [:]
        func decode(_ style: inout ConfettiStyle, _ path: String) throws {
            for index in style.shapes.indices {
                guard case .image(var image) = style.shapes[index], image.bitmap == nil else { continue }
                if let bitmap = decoded[image.src] {
                    image.bitmap = bitmap
                } else {
                    let shapePath = "\(path).shapes[\(index)].image"
                    let picture = try pictures.picture(image.src, keyPath: shapePath)
                    let bitmap: Bitmap
                    do {
                        bitmap = try picture.confettiBitmap()
                    } catch let error as FlipbookError {
                        throw FlipbookError(invalid: shapePath, "cannot be used as confetti: \(error.message)",
                                            at: .init(keyPath: shapePath))
                    }
                    decoded[image.src] = bitmap
                    image.bitmap = bitmap
                }
                style.shapes[index] = .image(image)
            }
        }
        var copy = self
        for index in (copy.bursts ?? []).indices { try decode(&copy.bursts![index].style, joinKeyPath(keyPath, "bursts[\(index)]")) }
        for index in (copy.emissions ?? []).indices {
            try decode(&copy.emissions![index].style, joinKeyPath(keyPath, "emissions[\(index)]"))
        }
        return copy
    }
}

extension ImageScene.Picture {
    /// The picture as pixels for confetti, drawn through the canvas's image path: a bitmap as it is,
    /// an SVG rendered at four pixels per point (pieces of confetti are small, and rarely larger).
    func confettiBitmap() throws -> Bitmap {
        switch self {
        case .bitmap(let bitmap):
            return bitmap
        case .animated(let animation):
            // Confetti pieces are stills: an animation's first frame.
            return try animation.frame(at: 0, loop: false)
        case .svg(let svg):
            let scale: CGFloat = 4
            guard let width = Int(exactly: (svg.size.width * scale).rounded(.up)),
                  let height = Int(exactly: (svg.size.height * scale).rounded(.up)) else {
                throw FlipbookError.invalidInput("The SVG image is too large to use as confetti.")
            }
            var bitmap = try Bitmap(width: width, height: height)
            bitmap.draw(scale: scale) { context, _ in context.draw(svg, in: CGRect(origin: .zero, size: svg.size)) }
            return bitmap
        }
    }
}
