import Foundation

extension SceneFile {
    /// Makes every Lottie layer, in groups too, read its file strictly: a part rlottie does not draw
    /// refuses the file (``SceneFile/LottieParameters/strict``). This is what `--strict` does.
    public mutating func makeLottieStrict() {
        guard var layers else { return }
        Self.makeLottieStrict(&layers)
        self.layers = layers
    }

    private static func makeLottieStrict(_ layers: inout [Layer]) {
        for index in layers.indices {
            switch layers[index].content {
            case .lottie(var parameters):
                parameters.strict = true
                layers[index].content = .lottie(parameters)
            case .group(var parameters):
                makeLottieStrict(&parameters.layers)
                layers[index].content = .group(parameters)
            case .confetti, .ripples, .text, .shape, .image, .audio, .captions:
                break
            }
        }
    }
}
