import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// Reads a scene file from disk: the same as ``load(from:)``.
    ///
    /// A template (a file declaring `"parameters"`) is read once; give it values with ``with(_:)``.
    public init(contentsOf url: URL) throws {
        self = try SceneFile.load(from: url)
    }

    /// The parameters the file declares, in file order; empty for a file that is not a template.
    public var templateParameters: [TemplateParameter] { template?.parameters ?? [] }

    /// The values given to the template's parameters so far (``with(_:)``), as given.
    public var parameterValues: [String: String] { template?.values ?? [:] }

    /// The template's parameters that have neither a default nor a value yet. Until none is left,
    /// the file describes no timeline and ``makeTimeline()`` says which is missing.
    public var missingParameters: [TemplateParameter] { template?.missing ?? [] }

    /// The file with `values` given to its template's parameters (added to those given before):
    /// every `{{name}}` in the file is replaced on the file as read, and the result is read as a
    /// scene file. A value is text as a command line gives it: `"12"` for a number, `"teal"` or
    /// `"#ff2d55"` for a colour, `"true"` for a bool, a path (relative to ``baseDirectory``) for an
    /// image, a JSON list or `a|b|c` for a list. Layers whose `"if"` is false are left out and
    /// repeated layers copied per item (see ``TemplateParameter/Kind/list``).
    ///
    /// The file's own properties are read again from the template, so set them after this call.
    /// With no values, a file that is not a template is returned as it is.
    ///
    /// - Throws: ``FlipbookError`` of kind `.invalidInput`: a name the template does not declare
    ///   (with a suggestion), a value that does not suit its parameter ("count must be a number
    ///   between 10 and 500; it is 600."), each named by the parameter; or a value that makes the
    ///   file wrong, placed in the template at the placeholder that took it (`{{item.name}}` for an
    ///   item without that field, too many copies).
    public func with(_ values: [String: String]) throws -> SceneFile {
        guard var template else {
            guard let name = values.keys.sorted().first else { return self }
            throw FlipbookError(
                invalid: name, "is not a parameter: the scene file declares no parameters (it has no \"parameters\" key).",
                at: FlipbookError.Location(keyPath: name))
        }
        for name in values.keys.sorted() {
            guard let parameter = template.parameter(named: name) else { throw template.unknownParameterError(name) }
            if case .failure(let problem) = parameter.check(values[name] ?? "", baseDirectory: baseDirectory) {
                throw problem.error(keyPath: name)
            }
        }
        template.values.merge(values) { _, new in new }
        var file = try SceneFile.read(template, baseDirectory: baseDirectory)
        file.sharedPictures = sharedPictures
        return file
    }

    /// The template's parameters as a section of the reference, for `flipbook scenes FILE`.
    public var parameterSection: ParameterSection {
        ParameterSection(
            title: "Template parameters",
            summary: "Give each with --set NAME=VALUE, or as a column of a batch's --data file; "
                + "a parameter marked required has no default.",
            parameters: templateParameters.map(\.info))
    }

    /// The template read as a scene file with its values, or, while a parameter has no value, a
    /// file holding only the template (whose ``makeTimeline()`` says what is missing).
    static func read(_ template: SceneTemplate, baseDirectory: URL?) throws -> SceneFile {
        var file = SceneFile()
        if template.missing.isEmpty {
            let tree = try template.resolvedTree(baseDirectory: baseDirectory)
            let place = { (error: FlipbookError) in error.at(file: template.source) }
            do {
                file = try Refusals.placing(place) { try ValueCodec<SceneFile>.sceneFile.read(tree, "", "an object (a scene file)") }
            } catch let error as FlipbookError {
                throw place(error)
            }
            file.origin = SourceOrigin(source: template.source, json: tree)
        }
        file.template = template
        file.baseDirectory = baseDirectory
        return file
    }

    /// The template when it still waits for a value; `nil` for a complete one or a plain file.
    var unresolvedTemplate: SceneTemplate? {
        guard let template, !template.missing.isEmpty else { return nil }
        return template
    }
}
