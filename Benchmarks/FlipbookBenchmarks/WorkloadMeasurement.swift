import Foundation

/// What one measuring child process reports to the parent, as one JSON line prefixed `RESULT `.
///
/// Every measurement runs in its own process so that its peak memory (`VmHWM`) is its own: the
/// encoder floor holds every pre-converted frame in memory (1.9 GB for B3), which would otherwise
/// hide the render's peak, and x264's allocations are never returned to the system between runs.
struct WorkloadMeasurement: Codable, Sendable {
    enum Kind: String, Codable, Sendable {
        /// `render(_:to:options:)` to a temporary MP4.
        case endToEnd
        /// The same frames pre-drawn and pre-converted (untimed), then only encoded (timed).
        case floor
        /// `renderStill(_:at:to:)` to a PNG.
        case still
        /// Single-thread figures: drawing a frame and converting it.
        case oneCore
    }

    var id: String
    var kind: Kind
    var frames: Int = 0
    /// Wall seconds of the timed part.
    var wall: Double = 0
    /// Process CPU seconds (all threads) of the timed part.
    var cpu: Double = 0
    /// CPU seconds other processes used during the timed part (see ``Clock/measureWithOthers(_:)``).
    var othersCPU: Double?
    /// Stage seconds summed over threads (end to end only): drawing, converting, in the encoder,
    /// and the encoding thread waiting for the next frame.
    var draw: Double?
    var convert: Double?
    var encode: Double?
    var wait: Double?
    var workers: Int?
    var encoderThreads: Int?
    /// The process's peak resident memory (`VmHWM`) in bytes.
    var peakBytes: Int?
    /// Floor only: resident memory just before encoding started (mostly the pre-converted frames),
    /// so `peakBytes − residentBeforeEncoding` is what the encoder itself added.
    var residentBeforeEncoding: Int?
    /// Size of the file written.
    var fileBytes: Int?
    /// Still only: seconds drawing and seconds encoding + writing the PNG, measured apart.
    var stillDraw: Double?
    var stillPNG: Double?
    /// One-core only: median milliseconds per frame (thread CPU) and the frames they cover.
    var drawMillisecondsPerFrame: Double?
    var convertMillisecondsPerFrame: Double?

    init(id: String, kind: Kind) {
        self.id = id
        self.kind = kind
    }

    static let prefix = "RESULT "

    func line() throws -> String {
        Self.prefix + String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
    }

    /// Parses the `RESULT` line out of a child's output.
    static func parse(_ output: String) -> WorkloadMeasurement? {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix(prefix) }) else { return nil }
        return try? JSONDecoder().decode(WorkloadMeasurement.self, from: Data(line.dropFirst(prefix.count).utf8))
    }
}
