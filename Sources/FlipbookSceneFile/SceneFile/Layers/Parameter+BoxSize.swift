import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension Parameter {
    /// A boxed layer's `size` key (shape, image, group): keyframable, each side within
    /// 0...``ShapeScene/maximumSide``, which the scene checks where it is made (`checkBoxSize`).
    static func boxSize(_ path: WritableKeyPath<Owner, Keyframed<CGSize>?>, defaultText: String, help: String) -> Parameter {
        .optional("size", path, .keyframed(.size), defaultText: defaultText, limits: .between(0, ShapeScene.maximumSide),
                  limitsCheckedWhereMade: true, unit: "points", help: help)
    }
}
