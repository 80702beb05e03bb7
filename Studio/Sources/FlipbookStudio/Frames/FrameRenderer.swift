import Flipbook
import Foundation

/// Draws one frame of the scene as PNG bytes: the same plan and drawing as `flipbook still --frame N`
/// with the same `--set` values and flags (at scale 1, the same pixels), at the preview scale asked for.
enum FrameRenderer {
    /// zlib's level for preview frames: fast; the pixels do not depend on it.
    static let compression = 1

    /// The frame `query` asks for of `file` (the scene `scene` as read).
    ///
    /// - Throws: ``FlipbookError``: a frame outside the clip ("frame must be between 0 and 59 …"), a
    ///   parameter value that does not suit its parameter, a drawing failure.
    static func png(of file: SceneFile, scene: String, query: FrameQuery) throws -> Data {
        var sceneRequest = SceneRequest(scene: scene)
        sceneRequest.loadedFile = file
        sceneRequest.parameterValues = query.values
        try LiveSetting.apply(query.settings, to: &sceneRequest)
        if query.scale != 1 {
            let fileScale = try sceneRequest.sceneFile().scale ?? SceneFile.defaultScale
            sceneRequest.scale = fileScale * query.scale
        }
        var request = RenderRequest(scene: sceneRequest, output: "frame.png")
        request.frame = query.frame
        let plan = try request.plan(expecting: .still)
        guard let still = plan.still else { throw FlipbookError.internal("a still's plan has no moment") }
        var bitmap = try Bitmap(width: plan.timeline.pixelWidth, height: plan.timeline.pixelHeight)
        plan.timeline.draw(at: still.time, into: &bitmap)
        if let issue = bitmap.drawingIssue {
            throw FlipbookError(issue.kind, "Drawing frame \(query.frame) failed: \(issue.message)")
        }
        return try bitmap.pngData(compression: compression)
    }
}
