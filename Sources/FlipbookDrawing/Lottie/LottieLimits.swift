import Foundation

/// The bounds every Lottie file is checked against before rlottie sees it.
///
/// A small file can ask for a great deal: one repeater of a million copies in an 885-byte file took
/// rlottie a gigabyte of memory and seconds per frame. Flipbook reads the JSON itself first and refuses
/// a file past any of these bounds, naming the JSON pointer of the value (`/layers/0/shapes/1/c`).
/// Each bound is stated here once; the defaults suit any animation a design tool exports.
public struct LottieLimits: Sendable, Equatable {
    /// The largest file read (a `.json`, or a `.lottie` container and each file in it). Default 16 MiB.
    public var maximumFileSize: Int = 16 << 20
    /// The most copies one repeater may make. Default 1,000.
    public var maximumRepeaterCopies: Int = 1_000
    /// The deepest chain of precompositions (a precomposition layer whose asset holds another, …). Default 16.
    public var maximumPrecompositionDepth: Int = 16
    /// The most shapes the animation may draw, counting each repeater copy and each use of a
    /// precomposition. Default 100,000.
    public var maximumShapeCount: Int = 100_000
    /// The most layers in the file, the precompositions' included. Default 10,000.
    public var maximumLayerCount: Int = 10_000
    /// The deepest nesting of JSON objects and arrays. Default 128.
    public var maximumNesting: Int = 128
    /// The largest width or height of an image asset, in pixels. Default 8,192.
    public var maximumImageSide: Int = 8_192
    /// The most frames between the in and out points. Default 100,000.
    public var maximumFrameCount: Int = 100_000
    /// The highest frame rate, frames per second. Default 240.
    public var maximumFrameRate: Double = 240
    /// The largest width or height of the animation, in points. Default 16,384.
    public var maximumSide: Double = 16_384

    /// The default limits.
    public init() {}

    /// The default limits with a different cap on repeater copies.
    public init(maximumRepeaterCopies: Int) {
        self.maximumRepeaterCopies = maximumRepeaterCopies
    }
}
