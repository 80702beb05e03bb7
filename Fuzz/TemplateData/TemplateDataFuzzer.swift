// libFuzzer target: the data files of template batches — CSV (the strict RFC 4180 scan, then
// SwiftCSV per record), JSON Lines and JSON lists — must turn any bytes into rows or a thrown
// FlipbookError, never a crash; and rows they accept must be numbered 1, 2, … with lines that
// never go back, and name only their columns. Each value of an accepted row is then given to a
// list parameter (a CSV field's a|b|c, a JSON row's list) and a bool one, which a layer repeats
// and tests: one copy per item, or a thrown FlipbookError.
import FlipbookAnimation
import FlipbookSceneFile
import Foundation

private let listTemplate = try! SceneFile.decode(Data("""
    {"parameters": {"items": {"type": "list"}, "flag": {"type": "bool", "default": true}},
     "size": [16, 16], "scale": 1, "duration": 0.1,
     "layers": [{"scene": "text", "text": "{{index}} {{item}}", "if": "{{flag}}", "repeat": {"for": "item", "in": "{{items}}"}}]}
    """.utf8), source: "list.json")

@_cdecl("LLVMFuzzerTestOneInput")
public func templateDataFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    for format in TemplateData.Format.allCases {
        guard let read = try? TemplateData(data, format: format, source: "fuzz.\(format.rawValue)") else { continue }
        var line = 0
        for (index, row) in read.rows.enumerated() {
            guard row.number == index + 1, row.line >= line, row.values.keys.allSatisfy(read.columns.contains) else {
                fatalError("\(format): row \(row.number) at line \(row.line) after line \(line): \(row.values) of \(read.columns)")
            }
            line = row.line
            for value in row.values.values {
                let copies = (try? listTemplate.with(["items": value]))?.layers?.count ?? 0
                if copies > TemplateParameter.maximumListItems {
                    fatalError("\(format): \(copies) copies from the list \(value)")
                }
                _ = try? listTemplate.with(["items": "[]", "flag": value])
            }
        }
    }
    return 0
}
