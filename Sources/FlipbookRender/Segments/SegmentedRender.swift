import FlipbookAnimation
import FlipbookCore
import FlipbookVideo
import Foundation

/// As ``render(_:to:options:workers:cancellation:progress:)-(_,URL,_,_,_,_)``, with the segments' rules and limits
/// given (``Segmenting``): how tests and benchmarks fix how many segments run at once. `frames`, when
/// given, renders only those frames, as ``render(_:frames:to:options:workers:cancellation:progress:)``.
@discardableResult
package func render(
    _ timeline: Timeline, frames range: ClosedRange<Int>? = nil, to url: URL, options: VideoOptions = VideoOptions(),
    segmenting: Segmenting, workers: Int? = nil, cancellation: RenderCancellation? = nil,
    progress: ((RenderProgress) -> Void)? = nil
) throws -> RenderReport {
    let (options, format) = try resolveClip(timeline, to: url, options: options)
    let frames = try checkedFrames(range, of: timeline, output: url)
    return try renderClip(timeline, frames: frames, to: url, format: format, options: options, workers: workers,
                          segmenting: segmenting, cancellation: cancellation, progress: progress)
}
