import Foundation

extension CairoCanvas {
    /// Records a failure met by a scene while drawing (a video frame that does not decode): the frame
    /// is then not written, and the render stops with `error` (the first recorded one).
    package func recordFailure(_ error: FlipbookError) {
        session.record(error)
    }
}
