import FlipbookDrawing
import Foundation

/// Decodes any JSON document (a batch file, say) with the same error messages as scene files: line
/// and column for broken JSON, key path and what was expected for a wrong value.
///
/// - Throws: ``FlipbookError`` of kind `.malformedInput`.
public func decodeJSONDocument<T: Decodable>(_ type: T.Type, from data: Data, source: String) throws -> T {
    do {
        return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
        throw FlipbookError.invalidInput(SceneFile.describe(error, in: data, source: source))
    }
}
