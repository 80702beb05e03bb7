import FlipbookAnimation
import FlipbookCore
import FlipbookSceneFile
import Foundation

/// The checks a template batch makes before it draws anything, collecting every problem rather
/// than stopping at the first, so one run of `flipbook batch` names every bad row.
struct TemplateBatchCheck {
    let template: SceneFile
    let templatePath: String
    let data: TemplateData
    let output: OutputPattern
    let directory: URL?
    private(set) var problems: [FlipbookError] = []
    /// The numbers of the rows with problems, and whether any problem is the whole file's.
    private var badRows: Set<Int> = []
    private var fileProblems = false

    init(template: SceneFile, templatePath: String, data: TemplateData, output: OutputPattern, directory: URL?) {
        self.template = template
        self.templatePath = templatePath
        self.data = data
        self.output = output
        self.directory = directory
    }

    private var templateName: String { URL(fileURLWithPath: templatePath).lastPathComponent }
    private var parameterNames: [String] { template.templateParameters.map(\.name) }

    /// Every row, checked and planned; the rows with problems are left out (and the problems kept).
    mutating func rows() -> [TemplateBatch.Row] {
        checkColumns()
        // A column or a name missing would make every row wrong in the same way: say it once.
        guard problems.isEmpty else { return [] }
        return data.rows.compactMap { check($0) }
    }

    /// Each column is a parameter or used by the output name; each name the output uses is a
    /// column or a parameter; each parameter without a default has a column.
    private mutating func checkColumns() {
        let names = parameterNames
        let dataName = URL(fileURLWithPath: data.source).lastPathComponent
        for column in data.columns where !names.contains(column) && !output.names.contains(column) {
            problem(line: data.columnsLine,
                    "column '\(column)' is not a parameter of \(templateName).\(didYouMean(column, among: names)) "
                        + (names.isEmpty ? "It declares none" : "Parameters: \(names.joined(separator: ", "))")
                        + "; a column that is not one may only be used in the output name (\(output.text)).")
        }
        for name in output.names where !data.columns.contains(name) && !names.contains(name) {
            problem(line: nil,
                    "the output name \(output.text) uses {{\(name)}}, which is neither a column of \(dataName) nor a "
                        + "parameter of \(templateName).\(didYouMean(name, among: data.columns + names))")
        }
        for parameter in template.templateParameters where parameter.isRequired && !data.columns.contains(parameter.name) {
            problem(line: data.columnsLine,
                    "\(templateName)'s parameter '\(parameter.name)' has no default, and no column gives it a value.")
        }
    }

    /// One row checked: its values, its output name, then the plan its values make (the scene's
    /// own checks, the output's kind); `nil` when anything is wrong.
    private mutating func check(_ row: TemplateData.Row) -> TemplateBatch.Row? {
        let before = problems.count
        var values: [String: String] = [:]
        for parameter in template.templateParameters {
            guard let text = row.values[parameter.name] else {
                if parameter.isRequired {
                    problem(row, column: parameter.name, "is empty, and the parameter has no default.")
                }
                continue
            }
            if case .failure(let problem) = parameter.check(text, baseDirectory: template.baseDirectory) {
                self.problem(row, column: parameter.name, problem.sentence)
            }
            values[parameter.name] = text
        }
        var nameParts: [String: String] = [:]
        for name in output.names {
            let value = row.values[name] ?? template.templateParameters.first { $0.name == name }?.defaultValue ?? ""
            if value.isEmpty {
                problem(row, column: name, "is empty, and the output name \(output.text) needs it.")
            } else if let why = OutputPattern.problem(withFileNamePart: value) {
                problem(row, column: name, "cannot be part of the output name: \(why); it is '\(value)'.")
            }
            nameParts[name] = value
        }
        guard problems.count == before else { return nil }
        var scene = SceneRequest(scene: templatePath)
        scene.parameterValues = values
        scene.loadedFile = template
        do {
            let plan = try RenderRequest(scene: scene, output: output.fileName(nameParts)).plan(relativeTo: directory)
            return TemplateBatch.Row(row: row, parameterValues: values, plan: plan)
        } catch {
            let error = error as? FlipbookError ?? FlipbookError(.internal, "\(error)")
            problem(row, column: nil, error.description)
            return nil
        }
    }

    /// Two rows writing one file, or a row writing the manifest, would lose a row's output.
    mutating func refuseCollisions(_ rows: [TemplateBatch.Row], manifest: URL) {
        var firstRow: [String: TemplateData.Row] = [:]
        for row in rows {
            let path = row.plan.destination.standardizedFileURL.path
            if path == manifest.path {
                problem(row.row, column: nil, "its output \(path) is the batch's manifest; give the output name another form.")
            } else if let first = firstRow[path] {
                problem(row.row, column: nil,
                        "its output \(path) is row \(first.number)'s too (line \(first.line)); each row needs an output name "
                            + "of its own, such as one with {{id}}.")
            } else {
                firstRow[path] = row.row
            }
        }
    }

    /// The error that refuses the batch: every problem, one a line, in the order of the data file.
    var refusal: FlipbookError {
        let sorted = problems.enumerated().sorted { ($0.element.location.line ?? 0, $0.offset) < ($1.element.location.line ?? 0, $1.offset) }
        let heading = fileProblems
            ? "\(data.source) does not fit the template \(templatePath), so nothing was rendered:"
            : "\(badRows.count) of \(data.rows.count) rows of \(data.source) cannot be rendered, so nothing was:"
        return FlipbookError.invalidInput(
            ([heading] + sorted.map(\.element.description)).joined(separator: "\n"), at: .init(file: data.source))
    }

    private mutating func problem(_ row: TemplateData.Row, column: String?, _ text: String) {
        badRows.insert(row.number)
        record(line: row.line, "row \(row.number)" + (column.map { ", column '\($0)'" } ?? "") + ": " + text)
    }

    /// A problem of the whole file (its columns, the output name).
    private mutating func problem(line: Int?, _ text: String) {
        fileProblems = true
        record(line: line, text)
    }

    private mutating func record(line: Int?, _ text: String) {
        problems.append(FlipbookError.invalidInput(text, at: .init(file: data.source, line: line.flatMap { $0 > 0 ? $0 : nil })))
    }
}
