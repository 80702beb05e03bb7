import FlipbookDrawing
import Foundation

/// The refusals a check collects while it reads and makes a scene, so that one run names every
/// problem rather than the first.
///
/// A render reads with no collector and stops at the first refusal, as it always has. While a
/// check reads inside ``collect(into:_:)``, a refusal at a sibling the reader can skip (a key of an
/// object, an element of a list, a layer being made or checked) is recorded here and the reader
/// goes on with the next; what it could not read keeps its default or is left out, so the scene
/// read this way is only for finding the next refusal, never for drawing.
package final class Refusals: @unchecked Sendable {
    // @unchecked: `recorded` is touched only with `lock` held.

    /// The collector of the check running on this task (or thread); `nil` while rendering.
    @TaskLocal private static var current: Refusals?

    private let lock = NSLock()
    private var recorded: [FlipbookError] = []

    /// An empty collector.
    package init() {}

    /// Whether a check is collecting on this task: a reader may then read on past what was refused.
    package static var isCollecting: Bool { current != nil }

    /// The refusals recorded so far, in the order they were met.
    package var errors: [FlipbookError] { lock.withLock { recorded } }

    private func record(_ error: FlipbookError) { lock.withLock { recorded.append(error) } }

    /// Runs `body` with `refusals` collecting what the readers it calls refuse.
    package static func collect<T>(into refusals: Refusals, _ body: () throws -> T) rethrows -> T {
        try $current.withValue(refusals, operation: body)
    }

    /// The value `body` reads or makes; while a check collects, its refusal is recorded and `nil`
    /// returned, so the caller goes on with the next sibling. Otherwise the refusal is thrown.
    package static func skipping<T>(_ body: () throws -> T) throws -> T? {
        guard let refusals = current else { return try body() }
        do {
            return try body()
        } catch let error as FlipbookError {
            refusals.record(error)
            return nil
        }
    }

    /// Runs `body`; while a check collects, the refusals it records are recorded here each as
    /// `place` places a thrown one (at the file, line and column), as a render would show it.
    package static func placing<T>(_ place: (FlipbookError) -> FlipbookError, _ body: () throws -> T) throws -> T {
        guard let outer = current else { return try body() }
        let inner = Refusals()
        defer { for error in inner.errors { outer.record(place(error)) } }
        return try $current.withValue(inner, operation: body)
    }
}
