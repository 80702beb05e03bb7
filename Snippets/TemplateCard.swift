// Gives a template scene file's parameters values from Swift, then renders it once per row of a
// CSV file, every row checked before the first is drawn.
//
// `card.json` declares "parameters" and uses them as {{name}} in its values; `with(_:)` checks each
// value by its parameter's type and throws a `FlipbookError` naming the parameter when one is wrong.

import Flipbook
import Foundation

// snippet.hide
// The snippet makes its own files, so it runs anywhere; a real one has them already.
try Data("""
    {
      "parameters": {
        "name": {"type": "string", "default": "friend"},
        "accent": {"type": "color", "default": "#ff2d55"},
        "count": {"type": "number", "default": 80, "range": [10, 500]}
      },
      "size": [240, 160], "scale": 1, "fps": 10, "duration": 1, "background": "white",
      "layers": [
        {"scene": "ripples", "ripples": [{"center": [120, 80], "start": 0, "color": "{{accent}}"}]},
        {"scene": "confetti", "seed": 7, "bursts": [{"count": "{{count}}", "palette": ["{{accent}}", "yellow"]}]}
      ]
    }
    """.utf8).write(to: URL(fileURLWithPath: "card.json"))
try Data("id,name,accent\nc1,\"Lovelace, Ada\",teal\nc2,Zoë,indigo\n".utf8).write(to: URL(fileURLWithPath: "customers.csv"))
// snippet.show
let card = try SceneFile(contentsOf: URL(fileURLWithPath: "card.json"))
print(card.templateParameters.map(\.name))                                   // ["name", "accent", "count"]
let ada = try card.with(["name": "Ada", "accent": "teal", "count": "120"])
try render(try ada.makeTimeline(), to: URL(fileURLWithPath: "ada.mp4"))

// One clip per row: out/c1.mp4, out/c2.mp4, and out/manifest.json.
let batch = try TemplateBatch(template: URL(fileURLWithPath: "card.json"),
                              data: URL(fileURLWithPath: "customers.csv"), output: "out/{{id}}.mp4")
let report = try batch.run(concurrentJobs: 2)
print("\(report.count(.succeeded)) clips; manifest: \(batch.manifestURL.lastPathComponent)")
