import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// Decodes any JSON document (a batch file, say) with `JSONDecoder`, reporting broken JSON at its
/// line and column (as scene files do) and a wrong value by its key path.
///
/// - Throws: ``FlipbookError`` of kind `.invalidInput`, with `source` as its file.
public func decodeJSONDocument<T: Decodable>(_ type: T.Type, from data: Data, source: String) throws -> T {
    // The reader gives broken JSON a position; JSONDecoder on Linux only says "not valid JSON".
    let json: JSONValue
    do {
        json = try JSONReader.read(data)
    } catch let error as FlipbookError {
        throw error.at(file: source)
    }
    // JSONDecoder calls a number too large for a Double "not valid JSON"; say which and where.
    if let (keyPath, huge) = firstNonFiniteNumber(in: json, keyPath: "") {
        throw huge.invalid(keyPath, "a number a Double can hold (at most about 1.8e308 in size)",
                           found: huge.literalText).at(file: source)
    }
    do {
        return try JSONDecoder().decode(type, from: data)
    } catch let error as FlipbookError {
        throw error.at(file: source)
    } catch let error as DecodingError {
        throw describe(error).at(file: source)
    }
}

/// The first number in `json` (in file order) that overflowed to infinity, with its key path.
private func firstNonFiniteNumber(in json: JSONValue, keyPath: String) -> (String, JSONValue)? {
    switch json.content {
    case .number(let value, _): return value.isFinite ? nil : (keyPath, json)
    case .array(let elements):
        for (index, element) in elements.enumerated() {
            if let found = firstNonFiniteNumber(in: element, keyPath: "\(keyPath)[\(index)]") { return found }
        }
    case .object(let members):
        for member in members {
            if let found = firstNonFiniteNumber(in: member.value, keyPath: joinKeyPath(keyPath, member.key)) { return found }
        }
    default: break
    }
    return nil
}

/// A decoding error as an invalid-input error naming the key path and what was expected.
private func describe(_ error: DecodingError) -> FlipbookError {
    func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("") { joinKeyPath($0, $1.intValue.map { "[\($0)]" } ?? $1.stringValue) }
    }
    func sentence(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.hasSuffix(".") ? trimmed : trimmed + "."
    }
    func failure(_ codingPath: [any CodingKey], _ requirement: String) -> FlipbookError {
        let keyPath = path(codingPath)
        return FlipbookError(invalid: keyPath.isEmpty ? "The document" : keyPath, requirement,
                             at: FlipbookError.Location(keyPath: keyPath.isEmpty ? nil : keyPath))
    }
    switch error {
    case let .typeMismatch(type, context):
        return failure(context.codingPath, "must be \(describe(type)); \(sentence(context.debugDescription))")
    case let .valueNotFound(type, context):
        return failure(context.codingPath, "must be \(describe(type)); it is null.")
    case let .keyNotFound(key, context):
        return failure(context.codingPath + [key], "is missing; it is required here.")
    case let .dataCorrupted(context):
        return failure(context.codingPath, "is not valid: \(sentence(context.debugDescription))")
    @unknown default:
        return FlipbookError.invalidInput("\(error)")
    }
}

private func describe(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type, is UInt64.Type: "a whole number"
    case is Double.Type, is Float.Type, is CGFloat.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    default: String(describing: type).hasPrefix("Array") ? "a list" : "an object"
    }
}
