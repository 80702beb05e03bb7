import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// The rows of a data file for a template batch, each a set of values by column: CSV with a header
/// row (RFC 4180), JSON Lines (one object a line), or a JSON list of objects.
///
/// Values are text, as `--set` gives them: a JSON number keeps its digits (`12`, `1e3`), a JSON
/// bool is `true` or `false`, a JSON list its JSON text (for a `list` parameter, which also reads
/// a CSV field's `a|b|c`). A value left out — an empty CSV field, a key a JSON row does not
/// have, or `null` — is not given, so the parameter's default applies.
public struct TemplateData: Sendable, Equatable {
    /// One row: where it is in the file and its values.
    public struct Row: Sendable, Equatable {
        /// The row's number, from 1 (a CSV file's header is not a row).
        public var number: Int
        /// The line of the data file the row starts on.
        public var line: Int
        /// The values the row gives, by column.
        public var values: [String: String]

        /// A row numbered `number`, starting on `line`, with `values`.
        public init(number: Int, line: Int, values: [String: String]) {
            self.number = number
            self.line = line
            self.values = values
        }
    }

    /// The data file's name in messages.
    public var source: String
    /// The columns: a CSV file's header, or every key of the JSON rows in the order first seen.
    public var columns: [String]
    /// The line the columns are named on (a CSV file's header), or 0.
    public var columnsLine: Int
    /// The rows, in file order.
    public var rows: [Row]

    /// The largest data file read: 256 MiB.
    public static let maximumFileSize = 256 << 20

    /// Data made in memory (or by another reader).
    public init(source: String, columns: [String], columnsLine: Int = 0, rows: [Row]) {
        self.source = source
        self.columns = columns
        self.columnsLine = columnsLine
        self.rows = rows
    }

    /// The formats, by the file's extension.
    public enum Format: String, Sendable, CaseIterable {
        /// Comma-separated values with a header row.
        case csv
        /// One JSON object a line.
        case jsonl
        /// A JSON list of objects.
        case json

        /// The format for a file's extension (`ndjson` is JSON Lines too).
        public init?(extension name: String) {
            switch name.lowercased() {
            case "csv": self = .csv
            case "jsonl", "ndjson": self = .jsonl
            case "json": self = .json
            default: return nil
            }
        }
    }

    /// Reads `data` in `format`; `source` names the file in messages.
    ///
    /// - Throws: ``FlipbookError`` of kind `.invalidInput` at the line (and column, where it is
    ///   known) of the first thing wrong: a quoting error, a row with more or fewer fields than the
    ///   header, a line that is not a JSON object, a value that is an object.
    public init(_ data: Data, format: Format, source: String) throws {
        switch format {
        case .csv: self = try TemplateData.csv(data, source: source)
        case .jsonl: self = try TemplateData.jsonLines(data, source: source)
        case .json: self = try TemplateData.jsonList(data, source: source)
        }
        guard !rows.isEmpty else {
            throw FlipbookError.invalidInput("\(source) has no rows: there is nothing to render.", at: .init(file: source))
        }
    }

    /// Reads a data file, its format by its extension.
    ///
    /// - Throws: ``FlipbookError``: `.file` when it cannot be read; `.invalidInput` for an unknown
    ///   extension or contents that are not data rows.
    public static func load(from url: URL) throws -> TemplateData {
        guard let format = Format(extension: url.pathExtension) else {
            throw FlipbookError.invalidInput(
                "\(url.path) is not a data file Flipbook reads: its name must end in .csv (with a header row), "
                    + ".jsonl (one JSON object a line) or .json (a list of objects).", at: .init(file: url.path))
        }
        let data = try readDataFile(url)
        return try TemplateData(data, format: format, source: url.path)
    }

    /// The whole file, with the same refusals as a scene file: missing, a folder, a device, too big.
    private static func readDataFile(_ url: URL) throws -> Data {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FlipbookError.file("Cannot read the data file \(path): there is no such file.", path: path)
        }
        guard !isDirectory.boolValue else { throw FlipbookError.file("\(path) is a directory, not a data file.", path: path) }
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw FlipbookError.file("Cannot read the data file \(path): it is not a regular file.", path: path)
        }
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumFileSize else {
            throw FlipbookError.file("Cannot read the data file \(path): it is \(size) bytes; a data file may be at most "
                                     + "\(maximumFileSize) bytes.", path: path)
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
            throw FlipbookError.file("Cannot read the data file \(path): \(reason)", path: path)
        }
    }
}
