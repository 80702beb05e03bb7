import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension TemplateData {
    /// JSON Lines: one object a line; blank lines are skipped.
    static func jsonLines(_ data: Data, source: String) throws -> TemplateData {
        var rows: [Row] = []
        var columns: [String] = []
        var line = 0
        for bytes in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            line += 1
            guard bytes.contains(where: { ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains($0) }) else {
                continue
            }
            let json: JSONValue
            do {
                json = try JSONReader.read(Data(bytes))
            } catch let error as FlipbookError {
                // The reader counts from the line it was given; put the error on the file's line.
                throw FlipbookError(.invalidInput, error.message,
                                    at: .init(file: source, line: line, column: error.location.column))
            }
            rows.append(try row(json, number: rows.count + 1, line: line, columns: &columns, source: source))
        }
        return TemplateData(source: source, columns: columns, rows: rows)
    }

    /// A JSON list of objects, each a row.
    static func jsonList(_ data: Data, source: String) throws -> TemplateData {
        let json: JSONValue
        do {
            json = try JSONReader.read(data)
        } catch let error as FlipbookError {
            throw error.at(file: source)
        }
        guard let elements = json.elements else {
            throw FlipbookError.invalidInput("\(source) must hold a list of objects, one a row ([{\"name\": \"Ada\"}, …]); "
                                             + "it holds \(json.kindDescription).",
                                             at: .init(file: source, line: json.line, column: json.column))
        }
        var columns: [String] = []
        var rows: [Row] = []
        for element in elements {
            rows.append(try row(element, number: rows.count + 1, line: element.line, columns: &columns, source: source))
        }
        return TemplateData(source: source, columns: columns, rows: rows)
    }

    /// One JSON row: an object whose values are strings, numbers, true/false, lists or null (no value).
    private static func row(_ json: JSONValue, number: Int, line: Int, columns: inout [String], source: String) throws -> Row {
        guard let members = json.members else {
            throw FlipbookError.invalidInput(
                "row \(number) must be a JSON object ({\"column\": value, …}); it is \(json.kindDescription).",
                at: .init(file: source, line: line, column: json.column > 0 ? json.column : nil))
        }
        var values: [String: String] = [:]
        for member in members {
            if !columns.contains(member.key) { columns.append(member.key) }
            let value = member.value
            switch value.content {
            case .string(let text): values[member.key] = text
            case .number(_, let literal): values[member.key] = literal
            case .bool(let flag): values[member.key] = flag ? "true" : "false"
            // A list parameter's value, as its JSON text: the parameter reads it as `--set` gives it.
            case .array: values[member.key] = value.compactText
            case .null: break
            case .object:
                throw FlipbookError.invalidInput(
                    "row \(number), column '\(member.key)': must be a string, a number, true/false or a list; "
                        + "it is \(value.kindDescription).",
                    // `line` is where the row starts in the file; the value may be lines further on.
                    at: .init(file: source, line: value.line > 0 ? line + value.line - json.line : line,
                              column: value.column > 0 ? value.column : nil))
            }
        }
        return Row(number: number, line: line, values: values)
    }
}
