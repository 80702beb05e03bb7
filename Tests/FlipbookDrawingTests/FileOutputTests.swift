@testable import FlipbookCore
@testable import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("PNG, PDF and SVG files")
struct FileOutputTests {
    static func picture() throws -> Bitmap {
        try drawing(16, 12, background: .clear) { context, _ in
            context.fill(Path(ellipseIn: CGRect(x: 2, y: 2, width: 12, height: 8)), with: .color(.purple))
            context.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(Color.green.opacity(0.5)))
        }
    }

    @Test func pngRoundTrip() throws {
        let scratch = try TemporaryDirectory("drawing")
        let directory = scratch.url
        let picture = try Self.picture()
        let url = directory.appendingPathComponent("picture.png")
        try picture.writePNG(to: url)
        let data = try Data(contentsOf: url)
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(data == (try picture.pngData()))
        let loaded = try Bitmap(contentsOfPNG: url)
        #expect(loaded.width == 16 && loaded.height == 12)
        for (x, y) in [(8, 6), (1, 1), (15, 11)] {
            let a = loaded.pixel(x: x, y: y), b = picture.pixel(x: x, y: y)
            #expect(close(a.red, b.red, 3 / 255) && close(a.opacity, b.opacity, 1 / 255))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["picture.png"])
    }

    @Test func missingDirectoryThrowsAndLeavesNothing() throws {
        let scratch = try TemporaryDirectory("drawing")
        let directory = scratch.url
        let url = directory.appendingPathComponent("nope/picture.png")
        let error = try #require(throws: FlipbookError.self) { try Self.picture().writePNG(to: url) }
        #expect(error.kind == .file)
        #expect(error.message == "Cannot write PNG to \(url.path): the directory \(url.deletingLastPathComponent().path) does not exist.")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func directoryUnderARegularFileThrows() throws {
        // Tests may run as root, which ignores permissions; a path under a regular file fails for everyone.
        let scratch = try TemporaryDirectory("drawing")
        let directory = scratch.url
        let file = directory.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let png = file.appendingPathComponent("picture.png"), pdf = file.appendingPathComponent("p.pdf")
        let pngError = #expect(throws: FlipbookError.self) { try Self.picture().writePNG(to: png) }
        #expect(pngError?.kind == .file)
        #expect(pngError?.message == "Cannot write PNG to \(png.path): \(file.path) is not a directory.")
        let pdfError = #expect(throws: FlipbookError.self) {
            try Bitmap.writeVector(to: pdf, format: .pdf, size: CGSize(width: 10, height: 10)) { _, _ in }
        }
        #expect(pdfError?.kind == .file)
        #expect(pdfError?.message == "Cannot write PDF to \(pdf.path): \(file.path) is not a directory.")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["file"])
    }

    @Test func unwritableDirectoryThrowsUnlessRoot() throws {
        let scratch = try TemporaryDirectory("drawing")
        let directory = scratch.url
        defer {
            chmod(directory.path, 0o755)
            try? FileManager.default.removeItem(at: directory)
        }
        chmod(directory.path, 0o555)
        let url = directory.appendingPathComponent("picture.png")
        if FileManager.default.isWritableFile(atPath: directory.path) {
            // Running as root: permissions do not apply; the write succeeds.
            try Self.picture().writePNG(to: url)
        } else {
            let error = #expect(throws: FlipbookError.self) { try Self.picture().writePNG(to: url) }
            #expect(error?.kind == .file)
            #expect(error?.message == "Cannot write PNG to \(url.path): the directory \(directory.path) is not writable.")
            #expect(!FileManager.default.fileExists(atPath: url.path))
        }
    }

    @Test func existingFileSurvivesAFailedWrite() throws {
        let scratch = try TemporaryDirectory("drawing")
        let directory = scratch.url
        let url = directory.appendingPathComponent("picture.png")
        try Self.picture().writePNG(to: url)
        let good = try Data(contentsOf: url)
        var bad = try Self.picture()
        bad.draw { context, _ in context.fill(Path(CGRect(x: 0, y: 0, width: 1, height: CGFloat.nan)), with: .color(.red)) }
        let error = #expect(throws: FlipbookError.self) { try bad.writePNG(to: url) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message == "A drawing operation was skipped: fill: the path has a non-finite coordinate (nan) in element 0.")
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try Bitmap.writeVector(to: url, format: .svg, size: CGSize(width: 10, height: 10)) { _, _ in throw Boom() }
        }
        #expect(try Data(contentsOf: url) == good)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["picture.png"])
    }

    @Test func loadingSomethingThatIsNotAPNGThrowsClearly() throws {
        let scratch = try TemporaryDirectory("drawing")
        let directory = scratch.url
        let text = directory.appendingPathComponent("notes.png")
        try Data("hello, this is text".utf8).write(to: text)
        let notPNG = try #require(throws: FlipbookError.self) { try Bitmap(contentsOfPNG: text) }
        #expect(notPNG.kind == .invalidInput && notPNG.message.contains("not a PNG"))

        let missing = try #require(throws: FlipbookError.self) {
            try Bitmap(contentsOfPNG: directory.appendingPathComponent("missing.png"))
        }
        #expect(missing.kind == .file && missing.message.contains("no such file"))

        let truncated = directory.appendingPathComponent("truncated.png")
        try Data(try Self.picture().pngData().prefix(40)).write(to: truncated)
        let damaged = try #require(throws: FlipbookError.self) { try Bitmap(contentsOfPNG: truncated) }
        #expect(damaged.kind == .invalidInput)
        #expect(damaged.message.hasPrefix("Cannot read the PNG \(truncated.path): the file is damaged or truncated ("))
    }

    /// Gradients, a layer under an inverse clip, an image and a blend mode: what vector files have to express.
    static func vectorPicture(_ context: inout GraphicsContext, _ size: CGSize) {
        context.fill(Path(roundedRect: CGRect(x: 10, y: 10, width: 60, height: 40), cornerRadius: 8),
                     with: .linearGradient(Gradient(colors: [.red, .blue]), startPoint: .zero, endPoint: CGPoint(x: 120, y: 0)))
        var ctx = context
        ctx.opacity = 0.5
        ctx.clip(to: Path(ellipseIn: CGRect(x: 40, y: 20, width: 60, height: 50)), options: .inverse)
        ctx.drawLayer { layer in
            layer.stroke(Path(ellipseIn: CGRect(x: 30, y: 10, width: 80, height: 60)), with: .color(.green), lineWidth: 6)
        }
        if let image = try? picture() { context.draw(image, in: CGRect(x: 80, y: 50, width: 30, height: 20)) }
        ctx.blendMode = .plusDarker
        ctx.fill(Path(CGRect(x: 0, y: 0, width: 30, height: 30)), with: .conicGradient(Gradient(colors: [.yellow, .purple]), center: CGPoint(x: 15, y: 15)))
    }

    @Test(arguments: [Bitmap.VectorFormat.pdf, .svg])
    func vectorStills(format: Bitmap.VectorFormat) throws {
        let scratch = try TemporaryDirectory("drawing")
        let directory = scratch.url
        let url = directory.appendingPathComponent("still.\(format.rawValue)")
        try Bitmap.writeVector(to: url, format: format, size: CGSize(width: 120, height: 80)) { context, size in
            #expect(size == CGSize(width: 120, height: 80))
            Self.vectorPicture(&context, size)
        }
        let data = try Data(contentsOf: url)
        switch format {
        case .pdf: #expect(data.starts(with: Array("%PDF".utf8)))
        case .svg: #expect(String(decoding: data, as: UTF8.self).contains("<svg"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [url.lastPathComponent])
    }

    @Test(arguments: [Bitmap.VectorFormat.pdf, .svg])
    func vectorStillsAreReproducible(format: Bitmap.VectorFormat) throws {
        let scratch = try TemporaryDirectory("drawing")
        let directory = scratch.url
        var files: [Data] = []
        for name in ["a", "b"] {
            let url = directory.appendingPathComponent("\(name).\(format.rawValue)")
            try Bitmap.writeVector(to: url, format: format, size: CGSize(width: 120, height: 80)) { context, size in
                Self.vectorPicture(&context, size)
            }
            files.append(try Data(contentsOf: url))
        }
        #expect(files[0] == files[1])
        if format == .pdf {
            // Not the time of writing: the fixed date (SOURCE_DATE_EPOCH is unset in the test run).
            // Cairo 1.16 writes the date without the "D:" prefix; readers accept both.
            #expect(String(decoding: files[0], as: UTF8.self).contains("/CreationDate (19700101000000Z)"))
        }
    }

    @Test func svgIdentifiersAreNumberedPerDocument() {
        let svg = """
            <image id="image139" xlink:href="data:image/png;base64,aW1hZ2Uimage7surface3"/>
            <g id="surface114"><use xlink:href="#image139"/><g clip-path="url(#clip3)">
            <use xlink:href="#surface1" mask="url(#surface114)"/></g></g><g id="surface1"/>
            """
        #expect(SVGIdentifiers.renumbered(svg) == """
            <image id="image1" xlink:href="data:image/png;base64,aW1hZ2Uimage7surface3"/>
            <g id="surface1"><use xlink:href="#image1"/><g clip-path="url(#clip3)">
            <use xlink:href="#surface2" mask="url(#surface1)"/></g></g><g id="surface2"/>
            """)
    }

    @Test func pdfCreationDateFollowsSourceDateEpoch() throws {
        #expect(try PDFCreationDate.iso8601(sourceDateEpoch: nil) == "1970-01-01T00:00:00Z")
        #expect(try PDFCreationDate.iso8601(sourceDateEpoch: "1700000000") == "2023-11-14T22:13:20Z")
        for bad in ["yesterday", "-5", "1.5", "", "99999999999999"] {
            let error = try #require(throws: FlipbookError.self) { try PDFCreationDate.iso8601(sourceDateEpoch: bad) }
            #expect(error.kind == .invalidInput)
            #expect(error.message.contains("SOURCE_DATE_EPOCH") && error.message.contains("'\(bad)'"))
        }
    }

    @Test func vectorDrawingIssueThrowsAndLeavesNothing() throws {
        let scratch = try TemporaryDirectory("drawing")
        let directory = scratch.url
        let url = directory.appendingPathComponent("still.pdf")
        let error = try #require(throws: FlipbookError.self) {
            try Bitmap.writeVector(to: url, format: .pdf, size: CGSize(width: 10, height: 10)) { context, _ in
                context.fill(Path(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)), with: .color(.red))
            }
        }
        #expect(error.kind == .invalidInput)
        #expect(error.message == "A drawing operation was skipped: fill: the path has a non-finite coordinate (inf) in element 1.")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        let sizeError = #expect(throws: FlipbookError.self) {
            try Bitmap.writeVector(to: url, format: .svg, size: CGSize(width: 0, height: 10)) { _, _ in }
        }
        #expect(sizeError?.kind == .invalidInput)
        #expect(sizeError?.message == "Cannot write \(url.path): a SVG page must have a positive, finite size; 0.0×10.0 points was requested.")
    }
}
