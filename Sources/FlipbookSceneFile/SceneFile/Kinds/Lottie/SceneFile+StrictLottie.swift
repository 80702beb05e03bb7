import FlipbookAnimation
import Foundation

extension SceneFile {
    /// Makes every Lottie layer, in groups too, read its file strictly: a part rlottie does not draw
    /// refuses the file (``SceneFile/LottieParameters/strict``). This is what `--strict` does.
    public mutating func makeLottieStrict() {
        changeEveryLayer { layer in
            guard case .lottie(var parameters) = layer.content else { return }
            parameters.strict = true
            layer.content = .lottie(parameters)
        }
    }
}
