import FlipbookAnimation
import FlipbookDrawing
import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// Expects `body` to throw an invalid-input error whose description (`file:line:col: message`) and
/// location are exactly these.
func expectInvalidInput(
    _ description: String, at location: FlipbookError.Location,
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    guard let error = expectFlipbookError(.invalidInput, sourceLocation: sourceLocation, body) else { return }
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
