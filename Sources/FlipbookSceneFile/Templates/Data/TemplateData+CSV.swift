import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension TemplateData {
    /// CSV with a header row naming the columns (``CSVRecords``). Every row has as many fields as
    /// the header; an empty field gives no value.
    static func csv(_ data: Data, source: String) throws -> TemplateData {
        let records = try CSVRecords(try utf8Text(data, source: source), source: source).records
        guard let header = records.first else {
            throw FlipbookError.invalidInput("\(source) has no header row: its first line must name the columns.",
                                             at: .init(file: source))
        }
        let columns = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        for (index, column) in columns.enumerated() {
            let place = FlipbookError.Location(file: source, line: header.line)
            if column.isEmpty {
                throw FlipbookError.invalidInput("column \(index + 1) of the header has no name.", at: place)
            }
            if columns[..<index].contains(column) {
                throw FlipbookError.invalidInput("the header names the column '\(column)' twice.", at: place)
            }
        }
        let rows = try records.dropFirst().enumerated().map { offset, record in
            guard record.fields.count == columns.count else {
                throw FlipbookError.invalidInput(
                    "row \(offset + 1) has \(record.fields.count) field\(record.fields.count == 1 ? "" : "s"); the header names "
                        + "\(columns.count) column\(columns.count == 1 ? "" : "s") (a field holding a comma goes in quotes).",
                    at: .init(file: source, line: record.line))
            }
            var values: [String: String] = [:]
            for (column, field) in zip(columns, record.fields) where !field.isEmpty { values[column] = field }
            return Row(number: offset + 1, line: record.line, values: values)
        }
        return TemplateData(source: source, columns: columns, columnsLine: header.line, rows: rows)
    }

    /// The text of a UTF-8 file without its byte order mark.
    ///
    /// - Throws: ``FlipbookError`` at the line of the first byte that is not UTF-8.
    static func utf8Text(_ data: Data, source: String) throws -> String {
        guard var text = String(data: data, encoding: .utf8) else {
            var line = 1
            var decoder = UTF8()
            var bytes = data.makeIterator()
            decoding: while true {
                switch decoder.decode(&bytes) {
                case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
                case .emptyInput, .error: break decoding
                }
            }
            throw FlipbookError.invalidInput("\(source) is not UTF-8 text: the bytes on this line are not UTF-8.",
                                             at: .init(file: source, line: line))
        }
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        return text
    }
}
