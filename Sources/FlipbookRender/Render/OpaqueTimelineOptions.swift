import FlipbookDrawing
import FlipbookVideo

extension VideoOptions {
    /// The options for a timeline with `background`: an opaque background leaves nothing to keep
    /// transparent, so unless alpha or a pixel format was asked for, the format's opaque layout is
    /// written (ProRes 422 HQ rather than 4444 in a `.mov`, say) — smaller files, same pictures.
    func forTimeline(background: Color?) -> VideoOptions {
        guard alpha == nil, pixelFormat == nil, let background, background.opacity >= 1 else { return self }
        var options = self
        options.alpha = false
        return options
    }
}
