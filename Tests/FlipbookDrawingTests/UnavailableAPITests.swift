import FlipbookTestSupport
import Foundation
import Testing

/// The SwiftUI, UIKit and AppKit API declared unavailable, each with the message the compiler gives.
/// A call that cannot compile cannot be in the suite, so these are typechecked by the compiler that
/// built it, against the modules it built, and its errors read.
@Suite("Refused SwiftUI API names what to use instead")
struct UnavailableAPITests {
    static let fill = "Flipbook has no views: fill the shape's path in a GraphicsContext, e.g. context.fill(Circle().path(in: rect), with: .color(.red))"
    static let stroke = "Flipbook has no views: stroke the shape's path in a GraphicsContext, e.g. context.stroke(Circle().path(in: rect), with: .color(.red), lineWidth: 2)"
    static let strokeStyle = "Flipbook has no views: stroke the shape's path in a GraphicsContext, e.g. context.stroke(Circle().path(in: rect), with: .color(.red), style: StrokeStyle(lineWidth: 2))"
    static let strokeBorder = "Flipbook has no views: stroke the inset shape's path in a GraphicsContext, e.g. context.stroke(Circle().inset(by: 1).path(in: rect), with: .color(.red), lineWidth: 2)"
    static let colour = "Flipbook has no views: give the colour when drawing, e.g. context.fill(Circle().path(in: rect), with: .color(.red))"

    /// Each refused use, one per line, and the message its error must carry.
    static let refused: [(code: String, message: String)] = {
        var cases: [(String, String)] = [
            ("_ = Circle().fill(.red)", fill),
            ("_ = Capsule().fill(Color.blue, style: FillStyle(eoFill: true))", fill),
            ("_ = Ellipse().fill(GraphicsContext.Shading.color(.red))", fill),
            ("_ = Rectangle().fill()", fill),
            ("_ = Circle().stroke(.red, lineWidth: 2)", stroke),
            ("_ = Circle().stroke(lineWidth: 3)", stroke),
            ("_ = Circle().stroke(Color.red, style: StrokeStyle(lineWidth: 2))", strokeStyle),
            ("_ = Circle().strokeBorder(.red, lineWidth: 2)", strokeBorder),
            ("_ = RoundedRectangle(cornerRadius: 8).strokeBorder(lineWidth: 2)", strokeBorder),
            ("_ = Circle().frame(width: 10, height: 10)",
             "Flipbook has no views or layout: give the shape its rectangle, e.g. Circle().path(in: CGRect(x: 0, y: 0, width: 100, height: 100))"),
            ("_ = Circle().foregroundColor(.red)", colour),
            ("_ = Circle().foregroundStyle(.red)", colour),
            ("_ = Circle().foregroundStyle(GraphicsContext.Shading.color(.red))",
             "Flipbook has no views: give the shading when drawing, e.g. context.fill(Circle().path(in: rect), with: .color(.red))"),
            ("_ = Circle().padding()",
             "Flipbook has no views or layout: inset the shape or its rectangle, e.g. Circle().inset(by: 8).path(in: rect) or rect.insetBy(dx: 8, dy: 8)"),
            ("_ = Circle().opacity(0.5)",
             "Flipbook has no views: set context.opacity, or draw with a translucent colour, e.g. .color(.red.opacity(0.5))"),
            ("_ = Circle().shadow(radius: 4)",
             "Flipbook has no views: add a shadow filter to the context before drawing, e.g. context.addFilter(.shadow(color: .black, radius: 4))"),
            ("_ = Circle().rotationEffect(.degrees(45))",
             "Flipbook has no views: turn the shape with Circle().rotation(.degrees(45)), or the context with context.rotate(by: .degrees(45))"),
            ("_ = Circle().scaleEffect(2)",
             "Flipbook has no views: scale the shape with Circle().scale(2), or the context with context.scaleBy(x: 2, y: 2)"),
            ("_ = Canvas { context, size in }",
             "Flipbook has no views: run the closure with bitmap.draw { context, size in … } for a still, or in a Scene's draw(in:size:time:) for a clip"),
            ("_ = Text(\"a\").underline(pattern: .dot)",
             "Flipbook draws text lines solid: use .solid, or stroke a dotted Path under the text with StrokeStyle(dash:)"),
            ("_ = Text.LineStyle(pattern: .dashDot, color: .red)",
             "Flipbook draws text lines solid: use .solid, or stroke a dashed Path under the text with StrokeStyle(dash:)"),
            ("_ = Circle().rotation3DEffect(.degrees(40), axis: (x: 1, y: 0, z: 0))",
             "Flipbook has no views: tumble the drawing with context.addFilter(.projectionTransform(ProjectionTransform(CATransform3DMakeRotation(angle.radians, 1, 0, 0)))) before drawing the shape"),
            ("_ = Rectangle().projectionEffect(ProjectionTransform())",
             "Flipbook has no views: project the drawing with context.addFilter(.projectionTransform(transform)) before drawing the shape"),
            ("struct Flip: GeometryEffect {}",
             "Flipbook has no views: compute the effect's ProjectionTransform and draw through it with context.addFilter(.projectionTransform(transform))"),
            ("_ = Canvas(renderer: { context, size in }, symbols: { 0 })",
             "Flipbook has no views: give the symbols by id to the drawing call, bitmap.draw(symbols: [0: .image(Image(systemName: \"star.fill\"))]) { context, size in … }, and resolve them with context.resolveSymbol(id:)"),
        ]
        #if !canImport(Darwin)
        cases += [
            ("_ = try? AttributedString(markdown: \"**bold**\")",
             "Foundation on Linux reads no Markdown: build the string and set attributes on its ranges, e.g. s[s.range(of: \"bold\")!].font = .body.bold()"),
        ]
        #endif
        #if !canImport(UIKit)
        cases += [
            ("_ = UIImage(named: \"photo\")",
             "Flipbook has no UIKit: load images with Image(contentsOf: url) or Bitmap(contentsOf: url) and draw them with context.draw(_:in:)"),
            ("let _: UIColor? = nil", "Flipbook has no UIKit: use Color, e.g. Color(red: 0.2, green: 0.4, blue: 1) or .blue"),
            ("_ = Image(uiImage: uiImage)", "Flipbook has no UIKit: load the image with Image(contentsOf: url)"),
            ("_ = Color(uiColor: uiColor)",
             "Flipbook has no UIKit: give the colour as Color(red:green:blue:opacity:) or a named colour such as .blue"),
        ]
        #endif
        #if !canImport(AppKit)
        cases += [
            ("_ = NSImage(contentsOfFile: \"photo.png\")",
             "Flipbook has no AppKit: load images with Image(contentsOf: url) or Bitmap(contentsOf: url) and draw them with context.draw(_:in:)"),
            ("let _: NSColor? = nil", "Flipbook has no AppKit: use Color, e.g. Color(red: 0.2, green: 0.4, blue: 1) or .blue"),
            ("_ = Image(nsImage: nsImage)", "Flipbook has no AppKit: load the image with Image(contentsOf: url)"),
            ("_ = Color(nsColor: nsColor)",
             "Flipbook has no AppKit: give the colour as Color(red:green:blue:opacity:) or a named colour such as .blue"),
        ]
        #endif
        return cases
    }()

    /// Valid uses of the same names, which the refusals must leave compiling.
    static let allowed = [
        "context.fill(Circle().path(in: rect), with: .color(.red))",
        "context.stroke(Capsule().inset(by: 1).path(in: rect), with: .color(.red), lineWidth: 2)",
        "_ = Circle().offset(x: 1, y: 2).rotation(.degrees(3)).scale(2).trim(from: 0, to: 0.5).path(in: rect)",
        "_ = Text(\"hi\").foregroundColor(.red).foregroundStyle(.blue)",
        "_ = Color.red.opacity(0.5)",
        "context.addFilter(.shadow(color: .black, radius: 4))",
        "_ = Path(ellipseIn: rect).offset(x: 3).path(in: rect)",
        "_ = Text(\"a\").underline(pattern: .solid, color: .red).strikethrough()",
        "var s = AttributedString(\"a\"); s.foregroundColor = .red; s.font = .title.bold(); s.kern = 2; s.underlineStyle = .single",
        "var t = CATransform3DIdentity; t.m34 = -1 / 500; context.addFilter(.projectionTransform(ProjectionTransform(CATransform3DRotate(t, 1, 0, 1, 0))))",
        "context.draw(Image(\"Logo\", bundle: .main), in: rect); context.draw(Image(ImageResource(name: \"Logo\", bundle: .main)), at: .zero)",
    ]

    @Test(.enabled(if: ModuleTypechecker.find() != nil,
                   "the compiler arguments of this build (\(ModuleTypechecker.manifest.path)) were not found"))
    func eachRefusalNamesWhatToUse() throws {
        let checker = try #require(ModuleTypechecker.find())
        // Values of the refused platform types, so the initializers taking them can be called; the
        // parameter declarations report the types' own messages, on line 2.
        var source = "import FlipbookDrawing; import Foundation\nfunc refused(rect: CGRect, uiImage: UIImage, uiColor: UIColor, nsImage: NSImage, nsColor: NSColor) {\n"
        let firstRefused = 3
        source += Self.refused.map { "    \($0.code)\n" }.joined()
        source += "}\nfunc allowed(context: inout GraphicsContext, rect: CGRect) {\n"
        let firstAllowed = firstRefused + Self.refused.count + 2
        source += Self.allowed.map { "    \($0)\n" }.joined()
        source += "}\n"

        let errors = try checker.errors(typechecking: source)
        for (index, use) in Self.refused.enumerated() {
            let line = firstRefused + index
            let found = errors[line] ?? []
            #expect(found.contains { $0.hasSuffix("is unavailable: \(use.message)") },
                    "\(use.code) gave \(found)")
        }
        for (index, use) in Self.allowed.enumerated() {
            #expect(errors[firstAllowed + index] == nil, "\(use) must compile: \(errors[firstAllowed + index] ?? [])")
        }
    }
}

/// Typechecks Swift source against the modules of this build, with the arguments SwiftPM gave the
/// compiler for this test target (read from the build's manifest, ``manifest``), so the C modules'
/// maps and header paths are the build's own.
struct ModuleTypechecker {
    /// The compiler, then the arguments that find the modules.
    let compiler: String
    let searchArguments: [String]

    /// The manifest SwiftPM wrote for the build this test program belongs to: the program runs from
    /// `<scratch>/<triple>/<configuration>`, the manifest is `<scratch>/<configuration>.yaml`
    /// (`.build/debug.yaml`, or make test's `.build/test-release/release.yaml`).
    static let manifest: URL = {
        if let folder = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() {
            let beside = folder.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(folder.lastPathComponent + ".yaml")
            if FileManager.default.fileExists(atPath: beside.path) { return beside }
        }
        return packageFile(".build/debug.yaml")
    }()

    /// The typechecker for this build, or `nil` when its manifest or compiler cannot be found.
    static func find() -> ModuleTypechecker? {
        guard let text = try? String(contentsOf: manifest, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: {
                  $0.contains("args: [") && $0.contains("\"-module-name\",\"FlipbookDrawingTests\"")
              }),
              let open = line.firstIndex(of: "["),
              let arguments = try? JSONDecoder().decode([String].self, from: Data(line[open...].utf8)),
              let compiler = arguments.first, FileManager.default.isExecutableFile(atPath: compiler)
        else { return nil }
        // Keep what finds modules and headers, and the language mode; drop sources and outputs.
        var kept: [String] = []
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if ["-I", "-Xcc", "-module-cache-path", "-swift-version", "-target"].contains(argument),
               index + 1 < arguments.count {
                kept += [argument, arguments[index + 1]]
                index += 2
                continue
            }
            if argument.hasPrefix("-I") { kept.append(argument) }
            index += 1
        }
        return ModuleTypechecker(compiler: compiler, searchArguments: kept)
    }

    /// The compiler's error messages for `source`, by line.
    func errors(typechecking source: String) throws -> [Int: [String]] {
        let directory = try TemporaryDirectory("typecheck")
        let file = try directory.write("Refusals.swift", source)
        let run = try runProcess(URL(fileURLWithPath: compiler), ["-typecheck"] + searchArguments + [file])
        var errors: [Int: [String]] = [:]
        // "<file>:<line>:<column>: error: <message>"
        for line in (run.output + run.error).split(separator: "\n") where line.hasPrefix(file + ":") {
            let fields = line.dropFirst(file.count + 1).split(separator: ":", maxSplits: 3)
            guard fields.count == 4, let number = Int(fields[0]), fields[2] == " error" else { continue }
            errors[number, default: []].append(fields[3].trimmingCharacters(in: .whitespaces))
        }
        return errors
    }
}
