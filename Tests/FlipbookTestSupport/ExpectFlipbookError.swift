import FlipbookCore
import Testing

/// Runs `body`, which must throw a FlipbookError (of `kind`, when one is given), and returns it for
/// the caller to check the message.
@discardableResult
public func expectFlipbookError(
    _ kind: FlipbookError.Kind? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> FlipbookError? {
    do {
        try body()
        Issue.record("expected a FlipbookError", sourceLocation: sourceLocation)
        return nil
    } catch let error as FlipbookError {
        if let kind { #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation) }
        return error
    } catch {
        Issue.record("expected a FlipbookError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
