import FlipbookCore
import Foundation

/// `manifest.json`, beside a template batch's outputs: what each row made, so a later run with
/// `--resume` renders only what is missing or changed.
///
/// ```json
/// {
///   "data": "customers.csv", "output": "out/{{id}}.mp4",
///   "template": "card.json", "templateSHA256": "…",
///   "rows": [
///     {"row": 1, "status": "ok", "output": "c001.mp4", "sha256": "…", "seconds": 1.2,
///      "values": {"accent": "teal", "id": "c001", "name": "Ada"}}
///   ]
/// }
/// ```
/// Outputs are relative to the manifest's folder. A row is `pending` until it ends.
public struct BatchManifest: Sendable, Equatable, Codable {
    /// One row's record.
    public struct Entry: Sendable, Equatable, Codable {
        /// The row's number, from 1, as messages count rows.
        public var row: Int
        /// `pending`, then `ok`, `failed` or `interrupted` (``BatchJobResult/Status``'s raw values, and `pending`).
        public var status: String
        /// The output, relative to the manifest's folder.
        public var output: String
        /// The SHA-256 of the output as written; `nil` unless it was written.
        public var sha256: String?
        /// Seconds the row took; `nil` while pending.
        public var seconds: Double?
        /// The row's values, by column.
        public var values: [String: String]
        /// Why it failed.
        public var error: String?

        /// A row's record.
        public init(row: Int, status: String, output: String, sha256: String? = nil, seconds: Double? = nil,
                    values: [String: String], error: String? = nil) {
            self.row = row
            self.status = status
            self.output = output
            self.sha256 = sha256
            self.seconds = seconds
            self.values = values
            self.error = error
        }
    }

    /// The template scene file, as given.
    public var template: String
    /// The SHA-256 of the template's bytes: outputs made from another template are not kept by `--resume`.
    public var templateSHA256: String
    /// The data file, as given.
    public var data: String
    /// The output pattern.
    public var output: String
    /// Each row's record, by row number.
    public var rows: [Entry]

    /// A manifest with `rows`.
    public init(template: String, templateSHA256: String, data: String, output: String, rows: [Entry]) {
        self.template = template
        self.templateSHA256 = templateSHA256
        self.data = data
        self.output = output
        self.rows = rows
    }

    /// The manifest's JSON: keys sorted, two-space indents, one key a line.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// The manifest at `url`, or `nil` when there is none or it cannot be read as one (it is then
    /// written anew).
    public static func read(from url: URL) -> BatchManifest? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(BatchManifest.self, from: data)
    }

    /// Whether `other` was made by the same batch: the same template (by its bytes), data file and
    /// output pattern; its rows can then be kept.
    func isSameBatch(as other: BatchManifest) -> Bool {
        templateSHA256 == other.templateSHA256 && data == other.data && output == other.output
    }

    /// This manifest with `entries` in place of the rows of the same numbers, ordered by row.
    func merging(_ entries: [Entry]) -> BatchManifest {
        var byRow = Dictionary(rows.map { ($0.row, $0) }, uniquingKeysWith: { _, last in last })
        for entry in entries { byRow[entry.row] = entry }
        var merged = self
        merged.rows = byRow.values.sorted { $0.row < $1.row }
        return merged
    }
}
