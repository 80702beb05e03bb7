import FlipbookAnimation
import FlipbookDrawing
import Foundation
import SwiftCSV

/// The records of CSV text (RFC 4180): each record's fields and the line it starts on.
///
/// SwiftCSV reads the fields. It does not say where a quoting error is (its `CSVParseError` has no
/// position), and it takes an unclosed quote at the end of the text as a field rather than an
/// error; so the text is first scanned here, strictly by RFC 4180, which finds each record's
/// first line, its number of fields, and any quoting error with its line and column, and SwiftCSV
/// then reads each record on its own.
///
/// As SwiftCSV reads them: a record ends at any line break outside quotes (`\n`, `\r\n`, `\r`),
/// and spaces before an unquoted field are dropped. Lines with nothing on them are skipped.
struct CSVRecords {
    struct Record {
        /// The line the record starts on, from 1.
        var line: Int
        var fields: [String]
    }

    var records: [Record] = []

    /// Reads `text`; `source` names the file in errors.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) at the line and column of the first quoting
    ///   error: a quote inside an unquoted field, text after a closing quote, a quote never closed.
    init(_ text: String, source: String) throws {
        var scanner = Scanner(source: source)
        var recordStart = text.startIndex
        var recordLine = 1
        var fieldCount = 1
        var state = State.fieldStart
        var index = text.startIndex
        var openingQuote = (line: 1, column: 1)
        func finishRecord(at end: String.Index) throws {
            let slice = text[recordStart..<end]
            if !slice.allSatisfy({ $0 == " " || $0 == "\t" }) {
                records.append(Record(line: recordLine, fields: try Self.fields(of: String(slice), count: fieldCount,
                                                                             line: recordLine, source: source)))
            }
            fieldCount = 1
            state = .fieldStart
        }
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            switch (state, character) {
            case (.quoted, "\""):
                state = .afterQuote
            case (.quoted, _):
                break
            case (_, ","):
                fieldCount += 1
                state = .fieldStart
            case (_, _) where character.isNewline:
                try finishRecord(at: index)
                recordStart = next
                recordLine = scanner.line + (character.isLineFeedOrReturn ? 1 : 0)
            case (.fieldStart, "\""):
                state = .quoted
                openingQuote = (scanner.line, scanner.column)
            case (.fieldStart, " "), (.fieldStart, "\t"):
                break
            case (.fieldStart, _):
                state = .unquoted
            case (.unquoted, "\""):
                throw scanner.error("a quote inside a field that does not start with one; put the whole field in quotes "
                                    + "and write each quote in it twice (\"\")")
            case (.unquoted, _):
                break
            case (.afterQuote, "\""):
                state = .quoted  // "" inside a quoted field: one quote
            case (.afterQuote, _):
                throw scanner.error("'\(character)' after the quote that closes a field; a comma or the end of the line "
                                    + "must follow it (a quote inside a quoted field is written twice: \"\")")
            }
            scanner.advance(over: character)
            index = next
        }
        if state == .quoted {
            throw FlipbookError.invalidInput(
                "the quoted field that starts here is never closed: a '\"' is missing.",
                at: FlipbookError.Location(file: source, line: openingQuote.line, column: openingQuote.column))
        }
        try finishRecord(at: text.endIndex)
    }

    private enum State { case fieldStart, unquoted, quoted, afterQuote }

    /// The line and column the scan has reached, as an editor counts them.
    private struct Scanner {
        let source: String
        var line = 1
        var column = 1

        mutating func advance(over character: Character) {
            if character.isLineFeedOrReturn {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }

        func error(_ reason: String) -> FlipbookError {
            FlipbookError.invalidInput("\(reason).", at: FlipbookError.Location(file: source, line: line, column: column))
        }
    }

    /// One record's `count` fields, read by SwiftCSV. SwiftCSV leaves out empty fields at the end
    /// of the text, which are put back.
    private static func fields(of record: String, count: Int, line: Int, source: String) throws -> [String] {
        let fields: [String]
        do {
            fields = try EnumeratedCSV(string: record, delimiter: .comma, loadColumns: false).header
        } catch {
            throw FlipbookError.invalidInput("this record cannot be read as CSV: \(error).",
                                             at: FlipbookError.Location(file: source, line: line))
        }
        guard fields.count <= count else {
            throw FlipbookError.internal("\(source):\(line): SwiftCSV read \(fields.count) fields where the scan found \(count).")
        }
        return fields + Array(repeating: "", count: count - fields.count)
    }
}

extension Character {
    /// A line feed, a carriage return, or both: a new line as editors count lines.
    var isLineFeedOrReturn: Bool { self == "\n" || self == "\r" || self == "\r\n" }
}
