import FlipbookAnimation
import FlipbookCore
import FlipbookSceneFile
import Foundation

/// A template scene file rendered once per row of a data file, every row checked before anything
/// is drawn: `flipbook batch --template card.json --data customers.csv -o 'out/{{id}}.mp4'`.
///
/// The template is read and parsed once; each row's values are put in on the parsed tree
/// (``SceneFile/with(_:)``), so a row costs one timeline and one encoder. A column is a template
/// parameter, or a name the output pattern uses (`id`), or both; any other column is an error, as a
/// misspelt parameter would otherwise be ignored. A row's file is the one `flipbook render
/// card.json --set …` makes of the same values, byte for byte.
///
/// ``run(shard:concurrentJobs:resume:workersPerJob:cancellation:progress:finished:)`` writes the
/// outputs and `manifest.json` in the pattern's folder (``OutputPattern/folder``).
public struct TemplateBatch: Sendable {
    /// One row, checked: its values and the plan of its output.
    public struct Row: Sendable {
        /// The row as the data file has it.
        public var row: TemplateData.Row
        /// The values given to the template: the row's values of the columns that are parameters.
        public var parameterValues: [String: String]
        /// Everything about the row's output, decided.
        public var plan: OutputPlan
    }

    /// The template, as read once.
    public let template: SceneFile
    /// The template's path, as given.
    public let templatePath: String
    /// The template file's SHA-256, which the manifest records.
    public let templateSHA256: String
    /// The data.
    public let data: TemplateData
    /// The output name of each row.
    public let output: OutputPattern
    /// Every row of the data, checked, in file order.
    public let rows: [Row]
    /// Where `manifest.json` goes: the output pattern's folder.
    public let manifestURL: URL

    /// Reads the template and the data file, and checks every row.
    ///
    /// - Parameters:
    ///   - template: The template scene file.
    ///   - data: The data file: `.csv`, `.jsonl` or `.json`.
    ///   - output: The output pattern; relative paths start from `directory` (the current one for `nil`).
    /// - Throws: ``FlipbookError``: a file that cannot be read; or, of kind `.invalidInput`, one
    ///   error naming every problem found, one line each (see ``init(template:templatePath:templateBytes:data:output:relativeTo:)``).
    public init(template: URL, data: URL, output: String, relativeTo directory: URL? = nil) throws {
        let bytes = try readInputFile(template, what: "template")
        // A bundle's scene is read from the bundle; its digest (for --resume) is the whole bundle's.
        let file = SceneBundle.isBundle(template) ? try SceneFile.load(from: template)
            : try SceneFile.decode(bytes, source: template.path, baseDirectory: template.deletingLastPathComponent())
        try self.init(template: file, templatePath: template.path, templateBytes: bytes,
                      data: try TemplateData.load(from: data), output: output, relativeTo: directory)
    }

    /// Checks every row of `data` against `template` (already read from `templatePath`, whose
    /// bytes are `templateBytes`) before anything is drawn.
    ///
    /// - Throws: ``FlipbookError`` of kind `.invalidInput` naming every problem, one line each,
    ///   `file:line: row N, column 'c': …`: a column that is neither a parameter nor used by the
    ///   output name, a value that does not suit its parameter, a required value missing, a row that
    ///   makes the scene wrong, two rows with one output name. Nothing is written.
    public init(template: SceneFile, templatePath: String, templateBytes: Data, data: TemplateData, output pattern: String,
                relativeTo directory: URL? = nil) throws {
        // A folder URL without its final '/' would have relative paths replace its last part.
        let directory = directory.map { URL(fileURLWithPath: $0.path, isDirectory: true) }
        // Every row's timeline draws the same decoded pictures.
        let template = template.sharingPictures()
        self.template = template
        self.templatePath = templatePath
        self.templateSHA256 = sha256Hex(templateBytes)
        self.data = data
        self.output = try OutputPattern(pattern)
        var check = TemplateBatchCheck(template: template, templatePath: templatePath, data: data, output: output,
                                       directory: directory)
        let rows = check.rows()
        self.manifestURL = URL(fileURLWithPath: output.folder, relativeTo: directory).standardizedFileURL
            .appendingPathComponent("manifest.json")
        check.refuseCollisions(rows, manifest: manifestURL)
        guard check.problems.isEmpty else { throw check.refusal }
        self.rows = rows
    }
}
