/// The frame rates Flipbook renders and encodes, in frames per second. One range, so that a scene
/// file, a timeline, the `flipbook` command and the video encoder accept and refuse the same values.
package let supportedFrameRates: ClosedRange<Int> = 1...1000

/// "between 1 and 1000", for messages about a frame rate out of ``supportedFrameRates``.
package let supportedFrameRatesDescription =
    "between \(supportedFrameRates.lowerBound) and \(supportedFrameRates.upperBound)"
