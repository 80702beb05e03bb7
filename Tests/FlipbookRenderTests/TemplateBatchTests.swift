import Flipbook
import FlipbookCore
import FlipbookTestSupport
import Foundation
import Testing

/// A small card template: three frames of 48×32 pixels.
let smallCard = """
    {
      "parameters": {
        "name": {"type": "string", "default": "friend"},
        "accent": {"type": "color", "default": "#ff2d55"},
        "count": {"type": "number", "default": 20, "range": [10, 500]}
      },
      "size": [48, 32], "scale": 1, "fps": 10, "duration": 0.3, "background": "white",
      "layers": [
        {"scene": "ripples", "ripples": [{"center": [24, 16], "start": 0, "color": "{{accent}}"}], "speed": 60},
        {"scene": "confetti", "seed": 5, "bursts": [{"count": "{{count}}", "palette": ["{{accent}}", "yellow"]}]}
      ]
    }
    """

@Suite("Template batches")
struct TemplateBatchTests {
    let accents = ["teal", "#ff2d55", "indigo", "orange", "mint"]

    /// `count` rows of `id,name,accent,count`; `bad` rows (by number) get a wrong value each.
    func rows(_ count: Int, bad: [Int: String] = [:]) -> String {
        var lines = ["id,name,accent,count"]
        for number in 1...count {
            lines.append(bad[number] ?? "r\(number),\"Name \(number), Jr.\",\(accents[number % accents.count]),\(10 + number % 50)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func batch(in scratch: TemporaryDirectory, data: String, name: String = "rows.csv", output: String = "out/{{id}}.png")
        throws -> TemplateBatch {
        let template = try scratch.write("card.json", smallCard)
        let rows = try scratch.write(name, data)
        return try TemplateBatch(template: URL(fileURLWithPath: template), data: URL(fileURLWithPath: rows),
                                 output: output, relativeTo: scratch.url)
    }

    @Test("a thousand rows with three bad ones: each bad row named, nothing written")
    func badRowsAreAllNamed() throws {
        let scratch = try TemporaryDirectory("template-batch")
        let data = rows(1000, bad: [
            17: "r17,Ann,blu,20", 480: "r480,Bo,teal,9000", 999: "r999,Cy,teal,ten",
        ])
        let error = expectFlipbookError(.invalidInput) { _ = try batch(in: scratch, data: data) }
        let rowsFile = scratch.path("rows.csv")
        let colours = Color.names.joined(separator: ", ")
        #expect(error?.description == """
            3 of 1000 rows of \(rowsFile) cannot be rendered, so nothing was:
            \(rowsFile):18: row 17, column 'accent': must be a colour name (\(colours)) or a hex string such as "#ff8800"; it is 'blu'. Did you mean 'blue'?
            \(rowsFile):481: row 480, column 'count': must be a number between 10 and 500; it is 9000.
            \(rowsFile):1000: row 999, column 'count': must be a number between 10 and 500; it is 'ten'.
            """)
        #expect(scratch.contents == ["card.json", "rows.csv"])
    }

    @Test("two rows with one output name are refused, as is an unknown column, before anything is written")
    func collisionsAndColumns() throws {
        let scratch = try TemporaryDirectory("template-batch")
        let same = expectFlipbookError(.invalidInput) {
            _ = try batch(in: scratch, data: "id,name\na,Ann\nb,Bo\na,Cy\nb,Di\n")
        }
        let rowsFile = scratch.path("rows.csv")
        let out = scratch.path("out")
        #expect(same?.description == """
            2 of 4 rows of \(rowsFile) cannot be rendered, so nothing was:
            \(rowsFile):4: row 3: its output \(out)/a.png is row 1's too (line 2); each row needs an output name of its own, such as one with {{id}}.
            \(rowsFile):5: row 4: its output \(out)/b.png is row 2's too (line 3); each row needs an output name of its own, such as one with {{id}}.
            """)
        let columns = expectFlipbookError(.invalidInput) {
            _ = try batch(in: scratch, data: "id,nmae,acent\na,Ann,teal\n", output: "out/{{id}}-{{colour}}.png")
        }
        #expect(columns?.description == """
            \(rowsFile) does not fit the template \(scratch.path("card.json")), so nothing was rendered:
            \(rowsFile): the output name out/{{id}}-{{colour}}.png uses {{colour}}, which is neither a column of rows.csv nor a parameter of card.json.
            \(rowsFile):1: column 'nmae' is not a parameter of card.json. Did you mean 'name'? Parameters: name, accent, count; a column that is not one may only be used in the output name (out/{{id}}-{{colour}}.png).
            \(rowsFile):1: column 'acent' is not a parameter of card.json. Did you mean 'accent'? Parameters: name, accent, count; a column that is not one may only be used in the output name (out/{{id}}-{{colour}}.png).
            """)
        let slash = expectFlipbookError(.invalidInput) { _ = try batch(in: scratch, data: "id,name\n../up,Ann\n,Bo\n") }
        #expect(slash?.description == """
            2 of 2 rows of \(rowsFile) cannot be rendered, so nothing was:
            \(rowsFile):2: row 1, column 'id': cannot be part of the output name: it contains '/', which would make a folder of it; it is '../up'.
            \(rowsFile):3: row 2, column 'id': is empty, and the output name out/{{id}}.png needs it.
            """)
        #expect(scratch.contents == ["card.json", "rows.csv"])
    }

    @Test("an interrupted batch resumed gives the same files, byte for byte, as one run straight through")
    func resumeAfterCancellation() throws {
        let whole = try TemporaryDirectory("template-batch")
        let straight = try batch(in: whole, data: rows(6), output: "out/{{id}}.mp4")
        let full = try straight.run(concurrentJobs: 2)
        #expect(full.results.map(\.status) == Array(repeating: .succeeded, count: 6))

        let parts = try TemporaryDirectory("template-batch")
        let interrupted = try batch(in: parts, data: rows(6), output: "out/{{id}}.mp4")
        // Cancelled as soon as two rows have finished, as a Ctrl-C would.
        let cancellation = RenderCancellation()
        let done = Counter()
        let first = try interrupted.run(cancellation: cancellation, finished: { result in
            if result.status == .succeeded, done.increment() == 2 { cancellation.cancel(.signal(SIGINT)) }
        })
        #expect(first.results.map(\.status) == [.succeeded, .succeeded, .notRun, .notRun, .notRun, .notRun])
        #expect(first.failureKind == .interrupted)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parts.path("out")).sorted()
            == ["manifest.json", "r1.mp4", "r2.mp4"])
        let halfway = try #require(BatchManifest.read(from: interrupted.manifestURL))
        #expect(halfway.rows.map(\.status) == ["ok", "ok", "pending", "pending", "pending", "pending"])

        let resumed = try interrupted.run(resume: true)
        #expect(resumed.results.map(\.status) == [.skipped, .skipped, .succeeded, .succeeded, .succeeded, .succeeded])
        for number in 1...6 {
            let name = "out/r\(number).mp4"
            #expect(try Data(contentsOf: parts.file(name)) == Data(contentsOf: whole.file(name)), "\(name)")
        }
        // The manifest records every row as the straight run's does, but for the time each took.
        let manifest = try #require(BatchManifest.read(from: interrupted.manifestURL))
        let reference = try #require(BatchManifest.read(from: straight.manifestURL))
        func timeless(_ manifest: BatchManifest) -> [BatchManifest.Entry] {
            manifest.rows.map { var entry = $0; entry.seconds = nil; return entry }
        }
        #expect(timeless(manifest) == timeless(reference))
        #expect(manifest.rows.map(\.output) == (1...6).map { "r\($0).mp4" })
        #expect(manifest.rows[2].values == ["id": "r3", "name": "Name 3, Jr.", "accent": "orange", "count": "13"])
        for entry in manifest.rows {
            let bytes = try Data(contentsOf: parts.file("out/" + entry.output))
            #expect(entry.status == "ok" && entry.sha256 == sha256Hex(bytes))
        }
        // A changed output is rendered again; the others are kept.
        try Data("damaged".utf8).write(to: parts.file("out/r4.mp4"))
        let again = try interrupted.run(resume: true)
        #expect(again.results.map(\.status) == [.skipped, .skipped, .skipped, .succeeded, .skipped, .skipped])
        #expect(try Data(contentsOf: parts.file("out/r4.mp4")) == Data(contentsOf: whole.file("out/r4.mp4")))
    }

    @Test("shards share the manifest; together they render every row once")
    func shards() throws {
        let scratch = try TemporaryDirectory("template-batch")
        let batch = try batch(in: scratch, data: rows(5))
        let one = try batch.run(shard: try Chunk(1, of: 2, naming: "shard"))
        let two = try batch.run(shard: try Chunk(2, of: 2, naming: "shard"))
        #expect(one.results.map(\.index) == [0, 2, 4] && two.results.map(\.index) == [1, 3])
        let manifest = try #require(BatchManifest.read(from: batch.manifestURL))
        #expect(manifest.rows.map(\.row) == [1, 2, 3, 4, 5] && manifest.rows.allSatisfy { $0.status == "ok" })
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).sorted()
            == ["manifest.json", "r1.png", "r2.png", "r3.png", "r4.png", "r5.png"])
    }

    @Test("the same rows as CSV, JSON Lines or a JSON list make the same files")
    func dataFormatsAgree() throws {
        let csv = try TemporaryDirectory("template-batch")
        let jsonl = try TemporaryDirectory("template-batch")
        let json = try TemporaryDirectory("template-batch")
        let fromCSV = try batch(in: csv, data: "id,name,accent,count\na,\"Ann, B.\",teal,12\nb,Zoë,,30\n")
        let fromLines = try batch(in: jsonl, data: """
            {"id": "a", "name": "Ann, B.", "accent": "teal", "count": 12}
            {"id": "b", "name": "Zoë", "count": 30}
            """, name: "rows.jsonl")
        let fromList = try batch(in: json, data: """
            [{"id": "a", "name": "Ann, B.", "accent": "teal", "count": 12},
             {"id": "b", "name": "Zoë", "accent": null, "count": 30}]
            """, name: "rows.json")
        for batch in [fromCSV, fromLines, fromList] { _ = try batch.run() }
        for name in ["out/a.png", "out/b.png"] {
            let bytes = try Data(contentsOf: csv.file(name))
            #expect(try Data(contentsOf: jsonl.file(name)) == bytes && Data(contentsOf: json.file(name)) == bytes)
        }
        #expect(fromCSV.rows.map(\.parameterValues) == fromLines.rows.map(\.parameterValues))
        #expect(fromCSV.rows.map(\.parameterValues) == fromList.rows.map(\.parameterValues))
    }
}

/// A count shared between threads.
final class Counter: @unchecked Sendable {
    // @unchecked: `value` is read and written only with `lock` held.
    private let lock = NSLock()
    private var value = 0

    /// Adds one and returns the new count.
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
