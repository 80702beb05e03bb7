import FlipbookAnimation
import FlipbookDrawing
import Foundation
import Testing

/// The ``FlipbookError`` `body` throws; records an issue (and returns nil) when it throws nothing
/// or another error.
func thrownError(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> FlipbookError? {
    do {
        try body()
        Issue.record("no error was thrown", sourceLocation: sourceLocation)
    } catch let error as FlipbookError {
        return error
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Expects `body` to throw an invalid-input error whose description (`file:line:col: message`) and
/// location are exactly these.
func expectInvalidInput(
    _ description: String, at location: FlipbookError.Location,
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    guard let error = thrownError(sourceLocation: sourceLocation, body) else { return }
    #expect(error.kind == .invalidInput, sourceLocation: sourceLocation)
    #expect(error.description == description, sourceLocation: sourceLocation)
    #expect(error.location == location, sourceLocation: sourceLocation)
}

/// The location of a value in the test file `test.json`.
func inTestFile(_ line: Int, _ column: Int, _ keyPath: String?) -> FlipbookError.Location {
    FlipbookError.Location(file: "test.json", line: line, column: column, keyPath: keyPath)
}

/// Decodes `json` as the scene file `test.json`.
func decodeScene(_ json: String) throws -> SceneFile {
    try SceneFile.decode(Data(json.utf8), source: "test.json")
}
