import FlipbookCore
import Foundation

/// GIF stores each frame's delay in hundredths of a second, and browsers show delays under 2/100 s
/// as 1/10 s. So GIF plays at most 50 fps, and a rate whose frame time is not a whole number of
/// hundredths is written with delays that alternate between the two nearest (frame `i` starts at
/// `round(100·i/fps)` hundredths): the average rate is the clip's own, each frame within 5 ms of its time.
package enum GIFTiming {
    /// The highest rate a GIF plays at as written.
    package static let maximumRate = 50.0

    /// Checks `fps` and says which delays are written.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) above 50 fps.
    static func describe(_ fps: FrameRate) throws -> String {
        let rate = fps.framesPerSecond
        guard rate <= maximumRate else {
            throw FlipbookError(
                invalid: "fps",
                "must be at most 50 for a GIF: GIF frame delays are whole hundredths of a second and browsers "
                    + "slow delays under 2/100 s down to 1/10 s; it is \(fps). Use 50, 30 or 25 fps for GIFs.",
                at: .init(keyPath: "fps"))
        }
        let exact = 100 / rate
        if exact == exact.rounded() {
            return "\(fps) fps is written exactly, as delays of \(Int(exact))/100 s."
        }
        let low = Int(saturating: exact, rounded: .down), high = low + 1
        return "\(fps) fps cannot be written exactly: delays alternate between \(low)/100 and \(high)/100 s "
            + "(\(String(format: "%.2f", exact * 10)) ms on average, as the clip; each frame within 5 ms of its time)."
    }
}
