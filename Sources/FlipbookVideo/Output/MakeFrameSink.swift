import FlipbookCore
import Foundation

/// The sink for an output name: a ``ImageSequenceSink`` for a `name-%05d.png` pattern, otherwise a
/// ``VideoEncoder`` whose container and default codec come from the extension (or
/// ``VideoOptions/container``).
///
/// - Parameter firstNumber: For image sequences, the number in the first file's name.
public func makeFrameSink(
    url: URL, width: Int, height: Int, fps: FrameRate, options: VideoOptions = VideoOptions(), firstNumber: Int = 0
) throws -> any FrameSink {
    let format = try OutputFormat.checked(url: url, options: options, width: width, height: height)
    if format.container != .pngSequence { try fps.validate() }
    return try makeFrameSink(url: url, width: width, height: height, fps: fps, format: format, options: options,
                             firstNumber: firstNumber, firstTimestamp: 0)
}

/// As the public function, for a `format` already resolved and checked (a render's plan): nothing is
/// read from the name or checked again. A video's first frame is presented at `firstTimestamp / fps`
/// seconds, so a clip rendered in parts can continue the timestamps of the part before it; `comment`
/// goes in a video's `comment` tag (a chunk's ``ChunkRecord``).
package func makeFrameSink(
    url: URL, width: Int, height: Int, fps: FrameRate, format: OutputFormat, options: VideoOptions, firstNumber: Int,
    firstTimestamp: Int, comment: String? = nil, audio: PendingSound? = nil
) throws -> any FrameSink {
    if format.container == .pngSequence {
        return try ImageSequenceSink(url: url, width: width, height: height, firstNumber: firstNumber, format: format,
                                     options: options)
    }
    return try VideoEncoder(url: url, width: width, height: height, fps: fps, format: format, options: options,
                            firstTimestamp: firstTimestamp, comment: comment, audio: audio)
}
