import Foundation

/// An error from Flipbook, with a message a person can act on: what went wrong, where, and why.
///
/// Every failure in Flipbook — a bad argument, a file that cannot be written, an error reported by
/// Cairo or FFmpeg — surfaces as a `FlipbookError`. The ``message`` names the operation, the file
/// or value involved, and the underlying library's own explanation when there is one.
public struct FlipbookError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The broad category of a failure, for code that wants to react differently to each.
    public enum Kind: String, Sendable, Equatable {
        /// An argument was out of range, non-finite, or otherwise unusable.
        case invalidArgument
        /// Reading or writing a file failed.
        case io
        /// Input data (a PNG, SVG path data, a scene file) could not be parsed.
        case malformedInput
        /// Cairo reported an error.
        case cairo
        /// libavcodec, libavformat or libswscale reported an error.
        case video
    }

    /// The category of this failure.
    public let kind: Kind
    /// A complete sentence describing the failure.
    public let message: String

    /// Creates an error of the given kind with a complete, human-readable message.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
    public var errorDescription: String? { message }
}

extension FlipbookError {
    /// An invalid-argument error.
    public static func invalidArgument(_ message: String) -> FlipbookError {
        FlipbookError(.invalidArgument, message)
    }

    /// An I/O error.
    public static func io(_ message: String) -> FlipbookError {
        FlipbookError(.io, message)
    }

    /// A parse error.
    public static func malformedInput(_ message: String) -> FlipbookError {
        FlipbookError(.malformedInput, message)
    }
}
