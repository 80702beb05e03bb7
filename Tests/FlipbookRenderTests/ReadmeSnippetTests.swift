import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// The README's Swift examples are the SwiftPM snippets in `Snippets/`, which `swift build` compiles
/// against the `Flipbook` product. These tests keep the two from drifting apart (each ```swift block
/// must equal the visible text of the snippet its `<!-- snippet: Name -->` marker names) and run the
/// built snippets to check that what they write is right.
@Suite("README snippets")
struct ReadmeSnippetTests {
    static let snippets = packageFile("Snippets")

    // MARK: The README's text against the snippets' text

    @Test("every ```swift block in the README is a snippet, word for word")
    func readmeBlocksEqualSnippets() throws {
        let blocks = try Readme.swiftBlocks()
        #expect(blocks.contains { $0.marker.hasPrefix("snippet:") }, "the README shows no snippet")
        for block in blocks {
            if block.marker.hasPrefix("manifest") { continue }   // checked by the manifest test below
            // A test run by its own suite (FlipbookTestingTests checks that the README shows it).
            if block.marker.hasPrefix("test:") { continue }
            guard block.marker.hasPrefix("snippet:") else {
                Issue.record("""
                    README.md:\(block.line): a ```swift block needs a `<!-- snippet: Name -->` line above it \
                    naming the file in Snippets/ it is copied from
                    """)
                continue
            }
            let name = block.marker.dropFirst("snippet:".count).trimmingCharacters(in: .whitespaces)
            let file = Self.snippets.appendingPathComponent("\(name).swift")
            guard let source = try? String(contentsOf: file, encoding: .utf8) else {
                Issue.record("README.md:\(block.line) names snippet \(name), but Snippets/\(name).swift does not exist")
                continue
            }
            let shown = Snippet.visibleCode(of: source)
            if let difference = firstDifference(shown, block.code) {
                Issue.record("""
                    README.md:\(block.line) differs from the visible part of Snippets/\(name).swift at line \
                    \(difference.line) of the block:
                      snippet: \(difference.expected)
                      README:  \(difference.actual)
                    Edit the snippet (it is compiled), then copy its visible part into the README.
                    """)
            }
        }
    }

    @Test("every snippet is shown in the README or the documentation catalog, and imports Flipbook")
    func everySnippetIsUsed() throws {
        let readme = try String(contentsOf: packageFile("README.md"), encoding: .utf8)
        let catalog = packageFile("Sources/Flipbook/Flipbook.docc")
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path)
            .filter { $0.hasSuffix(".md") }
            .map { try String(contentsOf: catalog.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
        let names = try Snippet.names()
        #expect(names.count >= 3)
        for name in names {
            let source = try String(contentsOf: Self.snippets.appendingPathComponent("\(name).swift"), encoding: .utf8)
            #expect(Snippet.visibleCode(of: source).hasPrefix("import Flipbook\n"),
                    "Snippets/\(name).swift must show `import Flipbook` first: it is all a user needs")
            let inReadme = readme.contains("<!-- snippet: \(name) -->")
            let inCatalog = articles.contains("@Snippet(path: \"Flipbook/Snippets/\(name)\"")
            #expect(inReadme || inCatalog, "Snippets/\(name).swift is shown nowhere: add it to the README or an article")
        }
    }

    @Test("every @Snippet in the documentation catalog names a file in Snippets/")
    func catalogSnippetsExist() throws {
        let catalog = packageFile("Sources/Flipbook/Flipbook.docc")
        let names = Set(try Snippet.names())
        var references = 0
        for article in try FileManager.default.contentsOfDirectory(atPath: catalog.path) where article.hasSuffix(".md") {
            let text = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
            for line in text.components(separatedBy: "\n") where line.hasPrefix("@Snippet(path: \"Flipbook/Snippets/") {
                references += 1
                let name = line.dropFirst("@Snippet(path: \"Flipbook/Snippets/".count).prefix { $0 != "\"" }
                #expect(names.contains(String(name)), "\(article) shows Snippets/\(name).swift, which does not exist")
            }
        }
        #expect(references >= 5)
    }

    @Test("the README's package manifest names this package's product")
    func manifestExample() throws {
        let manifests = try Readme.swiftBlocks().filter { $0.marker.hasPrefix("manifest") }
        #expect(manifests.count == 1)
        let package = try String(contentsOf: packageFile("Package.swift"), encoding: .utf8)
        #expect(package.contains("name: \"Flipbook\""))
        #expect(package.contains(".library(name: \"Flipbook\", targets:"))
        for manifest in manifests {
            #expect(manifest.code.contains(".product(name: \"Flipbook\", package: \"Flipbook\")"))
            #expect(manifest.code.contains(".package(path: \"../Flipbook\")"))
            #expect(manifest.code.contains("platforms: [.macOS(.v13)]"))
        }
    }

    // MARK: Running the built snippets

    @Test("TemplateCard fills a template's parameters and renders a clip per row, with the manifest")
    func templateCard() throws {
        let run = try SnippetRun("TemplateCard")
        defer { run.cleanUp() }
        #expect(run.output == "[\"name\", \"accent\", \"count\"]\n2 clips; manifest: manifest.json\n")
        for name in ["ada.mp4", "out/c1.mp4", "out/c2.mp4", "out/manifest.json"] {
            #expect(FileManager.default.fileExists(atPath: run.directory.appendingPathComponent(name).path), "\(name)")
        }
        #expect(try run.leftovers().isEmpty)
    }

    @Test("DrawAPicture writes the sunburst PNG")
    func drawAPicture() throws {
        let run = try SnippetRun("DrawAPicture")
        defer { run.cleanUp() }
        let written = try Bitmap(contentsOfPNG: run.directory.appendingPathComponent("sunburst.png"))
        #expect(written.width == 640 && written.height == 400)
        #expect(written.pixel(x: 5, y: 5) == .white)                 // outside the card
        // Ray 0 points along +x from the centre (160, 100) pt = (320, 200) px, over the card.
        let ray = written.pixel(x: 2 * 160 + 2 * 60, y: 200)
        // Yellow (1, 0.8, 0) at 0.8 over the gradient (blue ≤ 0.84): red ≥ 0.8, green ≥ 0.64, blue ≤ 0.17.
        #expect(ray.red > 0.8 && ray.green > 0.64 && ray.blue < 0.18)
        let card = written.pixel(x: 60, y: 60)                        // the gradient's indigo end
        #expect(abs(card.red - 88.0 / 255) < 0.08 && abs(card.blue - 214.0 / 255) < 0.08)
    }

    @Test("Captions writes a frame with the spoken word in yellow, the rest of its page in white")
    func captions() throws {
        let run = try SnippetRun("Captions")
        defer { run.cleanUp() }
        let written = try Bitmap(contentsOfPNG: run.directory.appendingPathComponent("captions.png"))
        #expect(written.width == 640 && written.height == 360)
        var yellow: [Int] = [], white: [Int] = []
        for y in 0..<written.height {
            for x in 0..<written.width {
                let c = written.pixel(x: x, y: y)
                if c.red > 0.9, c.green > 0.7, c.blue < 0.3 { yellow.append(y) }
                if c.red > 0.9, c.green > 0.9, c.blue > 0.9 { white.append(y) }
            }
        }
        // "Captions that follow" lasts 1.5 s over 18 characters: "follow" is spoken from 1 s to 1.5 s,
        // so at 1.2 s. Every glyph is in the default box, 60–90 % of the height.
        #expect(yellow.count > 100 && white.count > 200)
        #expect((yellow + white).allSatisfy { $0 >= 216 && $0 < 324 })
    }

    @Test("DrawText writes the title card: a black bold title with a colour emoji, an indigo second line")
    func drawText() throws {
        let run = try SnippetRun("DrawText")
        defer { run.cleanUp() }
        let written = try Bitmap(contentsOfPNG: run.directory.appendingPathComponent("title.png"))
        #expect(written.width == 640 && written.height == 280)
        var black = 0, indigo = 0, emoji = 0
        for y in 0..<written.height {
            for x in 0..<written.width {
                let c = written.pixel(x: x, y: y)
                if c.red < 0.2, c.green < 0.2, c.blue < 0.2 { black += 1 }
                if c.blue > 0.6, c.red < 0.5, c.green < 0.4 { indigo += 1 }
                if c.red > 0.8, c.green > 0.5, c.blue < 0.3 { emoji += 1 }  // the party popper's yellow
            }
        }
        #expect(black > 1000)
        #expect(indigo > 300)
        #expect(emoji > 50)
    }

    @Test("SwiftUISymbolsAndColors draws the same closure light and dark: primary text, yellow symbols")
    func swiftUISymbolsAndColors() throws {
        let run = try SnippetRun("SwiftUISymbolsAndColors")
        defer { run.cleanUp() }
        for (scheme, ink) in [("light", 0.0), ("dark", 1.0)] {
            let written = try Bitmap(contentsOfPNG: run.directory.appendingPathComponent("starfield-\(scheme).png"))
            #expect(written.width == 960 && written.height == 480)
            var title = 0, yellow = 0
            for y in 0..<written.height {
                for x in 0..<written.width {
                    let c = written.pixel(x: x, y: y)
                    // The title's primary ink, in the middle band of the picture.
                    if (200...280).contains(y), abs(c.red - ink) < 0.05, abs(c.green - ink) < 0.05, abs(c.blue - ink) < 0.05 {
                        title += 1
                    }
                    if c.red > 0.8, c.green > 0.6, c.blue < 0.35 { yellow += 1 }
                }
            }
            #expect(title > 2000, "\(scheme): \(title)")
            #expect(yellow > 1000, "\(scheme): \(yellow)")
        }
    }

    @Test("PortedCanvases draws four tutorial closures light and dark: a clock, whole metaballs, sparkles, icons")
    func portedCanvases() throws {
        let run = try SnippetRun("PortedCanvases")
        defer { run.cleanUp() }
        let sheet = try Bitmap(contentsOfPNG: run.directory.appendingPathComponent("ported-canvases.png"))
        #expect(sheet.width == 1920 && sheet.height == 960)
        func bytes(_ x: Int, _ y: Int) -> [Int] {
            let c = sheet.pixel(x: x, y: y)
            return [c.red, c.green, c.blue].map { Int(($0 * 255).rounded()) }
        }
        let mint = [0, 199, 190], red = [255, 59, 48]
        for (row, primary) in [(0, [0, 0, 0]), (1, [255, 255, 255])] {
            let top = row * 480
            // The clock's rim, Circle().inset(by: 2) stroked 4 wide in the foreground: primary.
            #expect(bytes(28, top + 240) == primary, "row \(row)")
            // The first metaball (centre (144, 168), radius 105 px) is whole after blur and threshold:
            // every pixel within 60 px of its centre is the threshold's mint.
            var holes = 0
            for dy in -60...60 {
                for dx in -60...60 where dx * dx + dy * dy <= 3600 && bytes(480 + 144 + dx, top + 168 + dy) != mint {
                    holes += 1
                }
            }
            #expect(holes == 0, "row \(row): \(holes) pixels of the metaball are not mint")
            // The heart icon, tinted red, in the first cell of the icon grid.
            #expect(bytes(1440 + 80, top + 160) == red, "row \(row)")
            // The white sparkle symbols over the gradient.
            var white = 0
            for y in top..<(top + 480) { for x in 960..<1440 where bytes(x, y).allSatisfy({ $0 > 230 }) { white += 1 } }
            #expect(white > 500, "row \(row): \(white) white pixels")
        }
    }

    @Test("SwiftUICanvas writes the badge: white shadowed text, an orange glow, colour emoji")
    func swiftUICanvas() throws {
        let run = try SnippetRun("SwiftUICanvas")
        defer { run.cleanUp() }
        let written = try Bitmap(contentsOfPNG: run.directory.appendingPathComponent("celebrate.png"))
        #expect(written.width == 800 && written.height == 480)
        var white = 0, emojiYellow = 0
        for y in 0..<written.height {
            for x in 0..<written.width {
                let c = written.pixel(x: x, y: y)
                if c.red > 0.95, c.green > 0.95, c.blue > 0.95 { white += 1 }
                if c.red > 0.9, c.green > 0.7, c.blue < 0.3 { emojiYellow += 1 }
            }
        }
        #expect(white > 3000)
        #expect(emojiYellow > 2000)
        // The glow: orange inside the blurred ellipse, the background's violet well outside it.
        let glow = written.pixel(x: 250, y: 240)
        #expect(glow.red > 0.55 && glow.blue < 0.35, "\(glow)")
        let corner = written.pixel(x: 2, y: 470)
        #expect(abs(corner.red - 0.16) < 0.03 && abs(corner.blue - 0.32) < 0.03, "\(corner)")
        // The shadow darkens the glow just below the title's letters.
        let below = written.pixel(x: 260, y: 272)
        #expect(below.red < glow.red, "\(below)")
    }

    @Test("RenderAClip writes an MP4 and a PDF")
    func renderAClip() throws {
        // FLIPBOOK_SNIPPET_PREVIEW makes the clip 0.25 s at scale 0.25 (a hidden part of the snippet).
        let run = try SnippetRun("RenderAClip")
        defer { run.cleanUp() }
        let mp4 = try Data(contentsOf: run.directory.appendingPathComponent("party.mp4"))
        #expect(mp4.count > 1000)
        #expect(mp4.dropFirst(4).prefix(4) == Data("ftyp".utf8))
        let pdf = try Data(contentsOf: run.directory.appendingPathComponent("party.pdf"))
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
        #expect(try run.leftovers().isEmpty)
    }

    @Test("CustomScene draws its own scene at 29.97 fps")
    func customScene() throws {
        let run = try SnippetRun("CustomScene")
        defer { run.cleanUp() }
        #expect(run.output == "30 frames of 640×640 pixels at 29.97 fps\n")
        let still = try Bitmap(contentsOfPNG: run.directory.appendingPathComponent("orbit.png"))
        #expect(still.width == 640 && still.height == 640)
        // A quarter second is a quarter turn clockwise: the dot is straight below the centre.
        let dot = still.pixel(x: 320, y: 320 + 2 * 106)
        #expect(abs(dot.red - 1) < 0.05 && abs(dot.green - 0.584) < 0.1 && dot.blue < 0.05)
        #expect(still.pixel(x: 320 + 2 * 106, y: 320) != dot)        // not at the start (right)
        #expect(still.pixel(x: 320, y: 320) == .white)               // nothing at the centre
    }

    @Test("KeyframeAnimation draws Apple's keyframe example at 1.2 s: the square grown by its spring")
    func keyframeAnimation() throws {
        let run = try SnippetRun("KeyframeAnimation")
        defer { run.cleanUp() }
        // "at 1.2 s: scale S, translation T, angle A"
        let numbers = run.output.split { " ,\n".contains($0) }.compactMap { Double($0) }
        try #require(numbers.count == 4, "\(run.output)")
        let (scale, translation, angle) = (numbers[1], numbers[2], numbers[3])
        // The first spring has pulled the scale most of the way to 1.5; the angle's track ended at 0.
        #expect(scale > 1.4 && scale < 1.5)
        #expect(abs(translation) < 1)
        #expect(angle == 0)
        let still = try Bitmap(contentsOfPNG: run.directory.appendingPathComponent("keyframes.png"))
        #expect(still.width == 480 && still.height == 480)
        func isIndigo(_ x: Double, _ y: Double) -> Bool {
            let c = still.pixel(x: Int(x.rounded()), y: Int(y.rounded())), indigo = Color.indigo
            return abs(c.red - indigo.red) < 0.01 && abs(c.green - indigo.green) < 0.01 && abs(c.blue - indigo.blue) < 0.01
        }
        // The 80 pt square, scaled, about (120, 120 + translation) pt, at 2 pixels a point.
        let centre = (x: 240.0, y: 240 + 2 * translation), half = 2 * 40 * scale
        #expect(isIndigo(centre.x, centre.y))
        #expect(isIndigo(centre.x + 0.9 * half, centre.y) && isIndigo(centre.x - 0.9 * half, centre.y))
        #expect(isIndigo(centre.x, centre.y + 0.9 * half) && isIndigo(centre.x, centre.y - 0.9 * half))
        #expect(still.pixel(x: Int(centre.x + 1.1 * half), y: Int(centre.y)) == .white)
        #expect(still.pixel(x: Int(centre.x), y: Int(centre.y - 1.1 * half)) == .white)
    }

    @Test("ConfettiShower draws confetti over its dark background")
    func confettiShower() throws {
        let run = try SnippetRun("ConfettiShower")
        defer { run.cleanUp() }
        let still = try Bitmap(contentsOfPNG: run.directory.appendingPathComponent("confetti.png"))
        #expect(still.width == 780 && still.height == 1200)
        let background = try #require(Color(hex: "#1c1c1e"))
        #expect(still.pixel(x: 390, y: 1195) == background)          // the bottom edge: nothing there yet
        var covered = 0
        for y in stride(from: 0, to: still.height, by: 4) {
            for x in stride(from: 0, to: still.width, by: 4) where still.pixel(x: x, y: y) != background {
                covered += 1
            }
        }
        #expect(covered > 200, "only \(covered) sampled pixels show confetti")
    }

    @Test("RipplePond draws the tap's ring where it should be at 2 s")
    func ripplePond() throws {
        let run = try SnippetRun("RipplePond")
        defer { run.cleanUp() }
        let still = try Bitmap(contentsOfPNG: run.directory.appendingPathComponent("ripples.png"))
        #expect(still.width == 780 && still.height == 1200)
        // The tap at (120, 150) pt at 0.2 s has grown to 1.8 s × 40 pt/s = 72 pt by 2 s.
        #expect(still.pixel(x: 2 * 120, y: 2 * 150) == .white)
        let ring = still.pixel(x: 2 * (120 + 72), y: 2 * 150)
        #expect(ring.red < 0.95 && ring.blue > 0.9, "no ring at 72 pt from the tap: \(ring)")
    }
}

// MARK: - Helpers

/// A fenced ```swift block of README.md, with the HTML comment on the line above it.
private struct ReadmeBlock {
    /// What the `<!-- ... -->` comment above the block says (`snippet: Name`, `manifest`), or "".
    var marker: String
    /// The block's text, lines joined with "\n", no trailing newline.
    var code: String
    /// The 1-based line of the opening fence, for messages.
    var line: Int
}

private enum Readme {
    static func swiftBlocks() throws -> [ReadmeBlock] {
        let text = try String(contentsOf: packageFile("README.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var blocks: [ReadmeBlock] = []
        var index = 0
        while index < lines.count {
            guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else {
                index += 1
                continue
            }
            let opening = index
            var marker = ""
            var above = index - 1
            while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).isEmpty { above -= 1 }
            if above >= 0 {
                let comment = lines[above].trimmingCharacters(in: .whitespaces)
                if comment.hasPrefix("<!--"), comment.hasSuffix("-->") {
                    marker = String(comment.dropFirst(4).dropLast(3)).trimmingCharacters(in: .whitespaces)
                }
            }
            index += 1
            var body: [String] = []
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(lines[index])
                index += 1
            }
            index += 1
            blocks.append(ReadmeBlock(marker: marker, code: body.joined(separator: "\n"), line: opening + 1))
        }
        return blocks
    }
}

private enum Snippet {
    /// The snippet files' names, without `.swift`.
    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: ReadmeSnippetTests.snippets.path)
            .filter { $0.hasSuffix(".swift") }
            .map { String($0.dropLast(".swift".count)) }
            .sorted()
    }

    /// What DocC shows of a snippet: without the leading comment (the snippet's description), without
    /// the lines between `// snippet.hide` and `// snippet.show`, and without blank lines at either end.
    static func visibleCode(of source: String) -> String {
        var lines = source.components(separatedBy: "\n")
        while let first = lines.first,
              first.trimmingCharacters(in: .whitespaces).hasPrefix("//") || first.trimmingCharacters(in: .whitespaces).isEmpty {
            lines.removeFirst()
        }
        var shown: [String] = []
        var hidden = false
        for line in lines {
            switch line.trimmingCharacters(in: .whitespaces) {
            case "// snippet.hide": hidden = true
            case "// snippet.show": hidden = false
            default: if !hidden { shown.append(line) }
            }
        }
        while shown.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { shown.removeLast() }
        return shown.joined(separator: "\n")
    }
}

/// The first line (1-based) where two texts differ, and the two lines.
private func firstDifference(_ expected: String, _ actual: String) -> (line: Int, expected: String, actual: String)? {
    let a = expected.components(separatedBy: "\n"), b = actual.components(separatedBy: "\n")
    for i in 0..<max(a.count, b.count) {
        let left = i < a.count ? a[i] : "(end of snippet)"
        let right = i < b.count ? b[i] : "(end of block)"
        if left != right { return (i + 1, left, right) }
    }
    return nil
}

/// One run of a built snippet executable, in a fresh directory that it writes its files into.
private struct SnippetRun {
    let directory: URL
    /// What the snippet printed on standard output.
    let output: String

    init(_ name: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-snippet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let executable = try Self.executable(name)
        var environment = ProcessInfo.processInfo.environment
        environment["FLIPBOOK_SNIPPET_PREVIEW"] = "1"
        let run = try runProcess(executable, [], in: directory, environment: environment)
        output = run.output
        guard run.reason == .exit, run.status == 0 else {
            try? FileManager.default.removeItem(at: directory)
            throw SnippetFailure(description: "Snippets/\(name).swift exited with status \(run.status): " + run.error)
        }
    }

    /// Files other than the snippet's outputs, such as a `.partial` file left behind.
    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The snippet's executable, which `swift build` puts beside the test runner's products.
    static func executable(_ name: String) throws -> URL {
        var candidates: [URL] = []
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {          // on macOS the runner is inside FlipbookPackageTests.xctest/Contents/MacOS
            candidates.append(directory.appendingPathComponent(name))
            directory.deleteLastPathComponent()
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name))
        }
        candidates.append(packageFile(".build/debug/\(name)"))
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return found
        }
        throw SnippetFailure(description: "the snippet executable \(name) was not built; run `swift build --build-tests` first")
    }
}

private struct SnippetFailure: Error, CustomStringConvertible {
    var description: String
}
