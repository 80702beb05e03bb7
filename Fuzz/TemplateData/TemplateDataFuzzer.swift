// libFuzzer target: the data files of template batches — CSV (the strict RFC 4180 scan, then
// SwiftCSV per record), JSON Lines and JSON lists — must turn any bytes into rows or a thrown
// FlipbookError, never a crash; and rows they accept must be numbered 1, 2, … with lines that
// never go back, and name only their columns.
import FlipbookAnimation
import FlipbookSceneFile
import Foundation

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
        }
    }
    return 0
}
