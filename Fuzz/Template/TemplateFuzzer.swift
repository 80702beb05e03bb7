// libFuzzer target: a template scene file — its "parameters", its {{name}} placeholders, its
// layers' "if" and "repeat" (with {{item.field}} and {{index}}), and the values given to them —
// must turn any bytes into a SceneFile or a thrown FlipbookError, never a crash. The input's last
// byte picks the values each parameter is given, from a list of the values that have broken
// readers: out of range, not a number, unknown colours, placeholders, lists bad and good.
import FlipbookAnimation
import FlipbookSceneFile
import Foundation

private let values = [
    "", "0", "-1", "12", "1e3", "+.5", "1e999", "nan", "0x10", "teal", "blu", "#ff2d55", "#12", "true", "ture",
    "{{name}}", "/", "..", "logo.png", "\u{301}", "é\"\\",
    "a|b|c", "|", "[]", "[1, \"x\", true]", "[{\"name\": \"Tea\", \"price\": 3, \"shown\": true}, {\"name\": \"Pie\"}]",
    "[[1]]", "[{\"a\": {\"b\": 1}}]", "[1,", "[null]", "{}", "[" + Array(repeating: "0", count: 1001).joined(separator: ",") + "]",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func templateFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    guard let file = try? SceneFile.decode(data, source: "fuzz.json") else { return 0 }
    _ = SceneReference.listing(parametersOf: file, named: "fuzz.json")
    _ = try? file.makeTimeline()
    _ = try? SceneFile.decode(file.jsonData(), source: "again.json")
    let pick = Int(data.last ?? 0)
    var given: [String: String] = [:]
    for (index, parameter) in file.templateParameters.enumerated() {
        given[parameter.name] = values[(pick + index) % values.count]
    }
    // Also a name no template declares.
    if pick % 7 == 0 { given["undeclared"] = "x" }
    guard let filled = try? file.with(given) else { return 0 }
    _ = try? filled.makeTimeline()
    return 0
}
