import FlipbookDrawing
import Foundation

/// The sink for an output name: a ``ImageSequenceSink`` for a `name-%05d.png` pattern, otherwise a
/// ``VideoEncoder`` whose container and default codec come from the extension (or
/// ``VideoOptions/container``).
///
/// - Parameter firstNumber: For image sequences, the number in the first file's name.
public func makeFrameSink(
    url: URL, width: Int, height: Int, fps: FrameRate, options: VideoOptions = VideoOptions(), firstNumber: Int = 0
) throws -> any FrameSink {
    if try (options.container ?? VideoContainer(for: url)) == .pngSequence {
        return try ImageSequenceSink(url: url, width: width, height: height, firstNumber: firstNumber, options: options)
    }
    return try VideoEncoder(url: url, width: width, height: height, fps: fps, options: options)
}
