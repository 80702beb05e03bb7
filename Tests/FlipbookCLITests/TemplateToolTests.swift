import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// A small template whose length is a parameter, so one row can be long enough to interrupt.
private let cardTemplate = """
    {
      "parameters": {
        "name": {"type": "string", "default": "friend"},
        "accent": {"type": "color", "default": "#ff2d55"},
        "count": {"type": "number", "default": 20, "range": [10, 500]},
        "length": {"type": "number", "default": 0.3, "range": [0.1, 120]},
        "scale": {"type": "number", "default": 1, "range": [1, 10]},
        "rain": {"type": "number", "default": 1, "range": [1, 50]}
      },
      "size": [48, 32], "scale": "{{scale}}", "fps": 10, "duration": "{{length}}", "background": "white",
      "layers": [
        {"scene": "ripples", "ripples": [{"center": [24, 16], "start": 0, "color": "{{accent}}"}], "speed": 60,
         "rain": {"rate": "{{rain}}", "seed": 3}},
        {"scene": "confetti", "seed": 5, "bursts": [{"count": "{{count}}", "palette": ["{{accent}}", "yellow"]}]}
      ]
    }
    """

/// Templates and data batches on the command line.
@Suite("flipbook templates", .serialized)
struct TemplateToolTests {
    @Test("scenes FILE lists the template's parameters")
    func scenesListsParameters() throws {
        let run = try Tool.run(["scenes", "card.json"], in: packageFile("Fixtures/Templates"))
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == """
            card.json — a template with 4 parameters.

            Template parameters
              Give each with --set NAME=VALUE, or as a column of a batch's --data file; a
              parameter marked required has no default.
              name: string; default friend
                  Who the card is for.
              accent: color; default #ff2d55
                  The colour of the ripples, the title's last colour and half the confetti.
              count: number; default 80; 10...500
                  Pieces of confetti in the burst.
              logo: image; default ../Images/logo.svg
                  The picture that springs in above the title.

            """)
        let plain = try Tool.run(["scenes", "confetti-minimal.json"], in: packageFile("Fixtures/Scenes"))
        #expect(plain.status == 0 && plain.output == "confetti-minimal.json declares no parameters: it is a scene file, not a\ntemplate.\n")
    }

    @Test("a bad --set names the flag and the value; an unknown parameter gets a suggestion")
    func badValues() throws {
        let scratch = try TemporaryDirectory.cli()
        let card = try scratch.write("card.json", cardTemplate)
        let cases: [([String], String)] = [
            (["--set", "accent=blu"], "error: --set accent must be a colour name (\(Color.names.joined(separator: ", "))) "
                + "or a hex string such as \"#ff8800\"; it is 'blu'. Did you mean 'blue'?\n"),
            (["--set", "count=600"], "error: --set count must be a number between 10 and 500; it is 600.\n"),
            (["--set", "nmae=Ada"], "error: --set nmae is not a parameter of card.json. Did you mean 'name'? "
                + "Parameters: name, accent, count, length, scale, rain.\n"),
            (["--set", "name"], "error: --set must be NAME=VALUE, such as name=Ada; it is 'name'.\n"),
            (["--set", "name=A", "--set", "name=B"], "error: --set name is given twice ('A', then 'B'); give each parameter once.\n"),
        ]
        for (flags, message) in cases {
            let run = try Tool.run(["still", card, "-o", scratch.path("s.png")] + flags)
            #expect(run.status == 2 && run.error == message, "\(flags): \(run.error)")
        }
        let builtIn = try Tool.run(["still", "confetti", "-o", scratch.path("s.png"), "--set", "name=Ada"])
        #expect(builtIn.status == 2 && builtIn.error == "error: --set name is not a parameter: built-in scenes have none; "
            + "templates are scene files.\n", "\(builtIn.error)")
        #expect(scratch.contents == ["card.json"])
    }

    @Test("each row's clip is the one render --set makes of the same values, byte for byte")
    func rowEqualsRender() throws {
        let scratch = try TemporaryDirectory.cli()
        try scratch.write("card.json", cardTemplate)
        try scratch.write("rows.csv", "id,name,accent,count\nada,\"Lovelace, Ada\",teal,40\nzoe,Zoë,,\n")
        let batch = try Tool.run(["batch", "--template", "card.json", "--data", "rows.csv", "-o", "out/{{id}}.mp4", "--jobs", "2"],
                                 in: scratch.url)
        #expect(batch.status == 0, "\(batch.error)")
        #expect(batch.output.contains("2 succeeded, 0 failed"), "\(batch.output)")
        let ada = try Tool.run(["render", "card.json", "--set", "name=Lovelace, Ada", "--set", "accent=teal", "--set", "count=40",
                                "-o", "ada.mp4", "-q"], in: scratch.url)
        let zoe = try Tool.run(["render", "card.json", "--set", "name=Zoë", "-o", "zoe.mp4", "-q"], in: scratch.url)
        #expect(ada.status == 0 && zoe.status == 0, "\(ada.error)\(zoe.error)")
        #expect(try Data(contentsOf: scratch.file("ada.mp4")) == Data(contentsOf: scratch.file("out/ada.mp4")))
        #expect(try Data(contentsOf: scratch.file("zoe.mp4")) == Data(contentsOf: scratch.file("out/zoe.mp4")))
        #expect(try Data(contentsOf: scratch.file("ada.mp4")) != Data(contentsOf: scratch.file("zoe.mp4")))
    }

    @Test("a list and a bool from --set, a CSV row's a|b and a JSON row's list make the same clip; bad ones exit 2")
    func partsFromFlagsAndRows() throws {
        let scratch = try TemporaryDirectory.cli()
        try scratch.write("parts.json", """
            {"parameters": {"items": {"type": "list"}, "flag": {"type": "bool", "default": false}},
             "size": [48, 32], "scale": 1, "fps": 10, "duration": 0.2, "background": "white",
             "layers": [{"scene": "shape", "shape": "circle", "size": [8, 8], "position": [8, 16], "fill": "{{item}}",
                         "start": "{{index}}", "repeat": {"for": "item", "in": "{{items}}"}},
                        {"scene": "shape", "shape": "rect", "size": [8, 8], "position": [40, 16], "fill": "black",
                         "if": "{{flag}}"}]}
            """)
        try scratch.write("rows.csv", "id,items,flag\ncsv,red|blue,true\n")
        try scratch.write("rows.jsonl", #"{"id": "json", "items": ["red", "blue"], "flag": true}"# + "\n")
        for data in ["rows.csv", "rows.jsonl"] {
            let batch = try Tool.run(["batch", "--template", "parts.json", "--data", data, "-o", "out/{{id}}.mp4", "-q"], in: scratch.url)
            #expect(batch.status == 0, "\(batch.error)")
        }
        let render = try Tool.run(["render", "parts.json", "--set", #"items=["red", "blue"]"#, "--set", "flag=true", "-o", "set.mp4", "-q"],
                                  in: scratch.url)
        #expect(render.status == 0, "\(render.error)")
        let clip = try Data(contentsOf: scratch.file("set.mp4"))
        #expect(try Data(contentsOf: scratch.file("out/csv.mp4")) == clip && Data(contentsOf: scratch.file("out/json.mp4")) == clip)
        let bad = try Tool.run(["still", "parts.json", "--set", "items=[1,", "-o", "s.png"], in: scratch.url)
        #expect(bad.status == 2 && bad.error.hasPrefix("error: --set items must be a JSON list") && bad.error.hasSuffix(
            "it is '[1,'. It is not a JSON list at column 4: malformed JSON: expected a value (an object, array, string, number, "
            + "true, false or null) but found the end of the file.\n"),
            "\(bad.error)")
        try scratch.write("bad.json", #"{"parameters": {"items": {"type": "list"}}, "layers": [{"scene": "text", "text": "x", "if": "{{items}}"}]}"#)
        let badIf = try Tool.run(["still", "bad.json", "--set", "items=a", "-o", "s.png"], in: scratch.url)
        #expect(badIf.status == 2 && badIf.error == "error: \(scratch.path("bad.json")):1:93: layers[0].if must name a bool "
            + "parameter; 'items' is a list parameter.\n", "\(badIf.error)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("s.png")))
    }

    @Test("bad rows: every one named on standard error, exit 2, nothing written")
    func badRows() throws {
        let scratch = try TemporaryDirectory.cli()
        try scratch.write("card.json", cardTemplate)
        try scratch.write("rows.csv", "id,name,accent\na,Ann,teal\nb,Bo,blu\nc,Cy,#12\n")
        let run = try Tool.run(["batch", "--template", "card.json", "--data", "rows.csv", "-o", "out/{{id}}.mp4"], in: scratch.url)
        #expect(run.status == 2)
        let rows = scratch.path("rows.csv")
        let lines = run.error.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(run.error)")
        #expect(lines.first == "error: 2 of 3 rows of \(rows) cannot be rendered, so nothing was:")
        #expect(lines.dropFirst().first?.hasPrefix("\(rows):3: row 2, column 'accent': must be a colour name") == true)
        #expect(lines.dropFirst().first?.hasSuffix("it is 'blu'. Did you mean 'blue'?") == true)
        #expect(lines.last?.hasPrefix("\(rows):4: row 3, column 'accent': must be a colour name") == true)
        #expect(run.output.isEmpty)
        #expect(scratch.contents == ["card.json", "rows.csv"])
    }

    @Test("Ctrl-C keeps the finished rows and the manifest and exits 130; --resume finishes the rest")
    func interruptedAndResumed() throws {
        let scratch = try TemporaryDirectory.cli()
        try scratch.write("card.json", cardTemplate)
        // Row 2 is two minutes of big frames full of rain: it is still rendering when the signal comes.
        try scratch.write("rows.csv", "id,length,scale,rain\nr1,0.3,,\nr2,120,10,50\nr3,0.3,,\n")
        let arguments = ["batch", "--template", "card.json", "--data", "rows.csv", "-o", "out/{{id}}.mp4", "--quiet"]
        let running = try Tool.start(arguments, in: scratch.url)
        let out = scratch.file("out")
        var started = false
        for _ in 0..<600 where !started {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
            started = names.contains("r1.mp4") && names.contains { $0.hasPrefix(".r2.mp4") && $0.hasSuffix(".partial") }
            if !started { usleep(100_000) }
        }
        #expect(started)
        usleep(300_000)
        running.process.interrupt()
        let run = running.finish()
        #expect(run.status == 130, "\(run.error)")
        #expect(run.error.hasSuffix("interrupted by SIGINT: removed the unfinished out/r2.mp4; kept out/r1.mp4\n"), "\(run.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["manifest.json", "r1.mp4"])
        let manifest = try #require(BatchManifest.read(from: out.appendingPathComponent("manifest.json")))
        #expect(manifest.rows.map(\.status) == ["ok", "interrupted", "pending"] || manifest.rows.map(\.status) == ["ok", "pending", "pending"],
                "\(manifest.rows)")

        // Resumed with a short second row (another data file would not resume: same file, edited).
        try scratch.write("rows.csv", "id,length,scale,rain\nr1,0.3,,\nr2,0.4,,\nr3,0.3,,\n")
        let resumed = try Tool.run(arguments + ["--resume"], in: scratch.url)
        #expect(resumed.status == 0, "\(resumed.error)")
        #expect(resumed.output.contains("row 1  skipped"), "\(resumed.output)")
        #expect(resumed.output.contains("2 succeeded, 0 failed, 1 skipped (already done)"), "\(resumed.output)")
        let final = try #require(BatchManifest.read(from: out.appendingPathComponent("manifest.json")))
        #expect(final.rows.map(\.status) == ["ok", "ok", "ok"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["manifest.json", "r1.mp4", "r2.mp4", "r3.mp4"])
    }

    @Test("--shard K/N renders its rows; --resume afterwards renders only the others")
    func shardThenResume() throws {
        let scratch = try TemporaryDirectory.cli()
        try scratch.write("card.json", cardTemplate)
        try scratch.write("rows.jsonl", (1...4).map { #"{"id": "r\#($0)", "count": \#(10 * $0)}"# }.joined(separator: "\n"))
        let arguments = ["batch", "--template", "card.json", "--data", "rows.jsonl", "-o", "out/{{id}}.png", "--quiet"]
        let shard = try Tool.run(arguments + ["--shard", "2/2"], in: scratch.url)
        #expect(shard.status == 0, "\(shard.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).sorted() == ["manifest.json", "r2.png", "r4.png"])
        let rest = try Tool.run(arguments + ["--resume"], in: scratch.url)
        #expect(rest.status == 0, "\(rest.error)")
        #expect(rest.output.contains("2 succeeded, 0 failed, 2 skipped (already done)"), "\(rest.output)")
        let usage = try Tool.run(["batch", "--template", "card.json", "-o", "x.png"], in: scratch.url)
        #expect(usage.status == 2 && usage.error.hasPrefix("error: A template batch needs --template, --data and -o; --data is missing."),
                "\(usage.error)")
        // A render flag batch does not have leaves its value to be read as the batch file: named.
        let stray = try Tool.run(arguments + ["--crf", "18"], in: scratch.url)
        #expect(stray.status == 2 && stray.error.hasPrefix("error: --template is for a template batch, which has no batch file, "
                                                           + "but '18' was read as one: give either jobs.json or --template"),
                "\(stray.error)")
    }
}
