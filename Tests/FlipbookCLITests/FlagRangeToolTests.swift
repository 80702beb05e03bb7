import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// Every flag whose settings-table row documents a numeric range refuses the value just outside it
/// with exit 2 and a message naming the flag. The cases are generated from the rows' ranges; a row
/// whose range this test cannot read must be listed, with why, in ``notNumeric``.
@Suite("Documented flag ranges")
struct FlagRangeToolTests {
    /// Ranges that are not numeric limits, or are checked by suites of their own.
    static let notNumeric: [String: String] = [
        "size": "WxH, checked in pixels by ToolTests.usageErrors",
        "fps": "frame rates, checked by ToolTests.usageErrors and FrameRateTests",
        "motionBlur": "SHUTTER/SAMPLES, checked by MotionBlurToolTests",
        "chunk": "K/N, checked by ScaleOutToolTests",
        "shard": "K/N, checked by ScaleOutToolTests",
        "level": "level names, checked by the level tests",
        "grid": "a count bounded by the clip's frames, checked by SheetToolTests",
        "every": "bounded by the clip's length, checked by SheetToolTests",
        "memoryBudget": "any size above 0, checked by SegmentToolTests",
        "minPSNR": "any number above 0, checked by CompareToolTests",
        "frame": "bounded by the clip's frames, checked by ToolTests",
    ]

    /// Whether a row's values are numbers, and whole ones.
    static func numeric(_ setting: Setting) -> (isNumeric: Bool, whole: Bool) {
        let whole = setting.type.contains("whole number") || setting.type.hasPrefix("bit rate")
        return (whole || setting.type == "number", whole)
    }

    /// A numeric range read from a row: its ends, whether the lower end is allowed, and the numbers
    /// outside it that are allowed too (`0` for `--threads`, FFmpeg's `-threads 0`).
    struct Limits {
        var lower: Double
        var includesLower: Bool
        var upper: Double
        var alsoAllowed: [Double] = []
    }

    /// `"0...51"`, `"> 0, ≤ 3600 seconds"`, `"auto (or 0, …), 1...64"`, `"10k...10G bits per second"`.
    static func limits(_ range: String) -> Limits? {
        func number(_ text: Substring) -> Double? {
            let multipliers: [Character: Double] = ["k": 1e3, "M": 1e6, "G": 1e9]
            if let last = text.last, let multiplier = multipliers[last] { return Double(text.dropLast()).map { $0 * multiplier } }
            return Double(text)
        }
        // "> a, ≤ b" is one range; otherwise the last part is the range and any before it name
        // values allowed besides it.
        if range.hasPrefix("> ") {
            let words = range.split(separator: " ")
            guard words.count >= 4, words[2] == "≤", let lower = number(words[1].dropLast()), let upper = number(words[3])
            else { return nil }
            return Limits(lower: lower, includesLower: false, upper: upper)
        }
        let parts = range.components(separatedBy: ", ")
        let ends = parts.last?.split(separator: " ").first?.components(separatedBy: "...") ?? []
        guard ends.count == 2, let lower = number(Substring(ends[0])), let upper = number(Substring(ends[1])) else { return nil }
        let extras = parts.dropLast().joined(separator: " ").split { !$0.isNumber && $0 != "." && $0 != "-" }.compactMap { Double($0) }
        return Limits(lower: lower, includesLower: true, upper: upper, alsoAllowed: extras)
    }

    /// The values just outside `limits` (past any also allowed), as typed on a command line.
    static func outside(_ limits: Limits, whole: Bool) -> [String] {
        func step(_ bound: Double) -> Double { whole ? 1 : max(abs(bound) * 1e-6, 1e-6) }
        func typed(_ value: Double) -> String {
            // Whole numbers past 2^53 are typed exactly: the largest seed plus one.
            if whole, value >= 1.8e19 { return "18446744073709551616" }
            return whole ? String(format: "%.0f", value) : "\(value)"
        }
        var below = limits.includesLower ? limits.lower - step(limits.lower) : limits.lower
        while limits.alsoAllowed.contains(below) { below -= step(below) }
        return [typed(below), typed(limits.upper + step(limits.upper))]
    }

    /// A command that takes the row's flag and does nothing slow when it is accepted: a small still,
    /// or a clip's plan, in a container that holds the first of `codecs`.
    static func command(for setting: Setting, codecs: [String]?) -> [String]? {
        if setting.places.contains(.still) { return ["still", "confetti", "--size", "20x20", "-o", "x.png"] }
        if setting.places.contains(.render) {
            let clip = codecs.flatMap(\.first).map { ["--codec", $0, "-o", "x." + extensionHolding($0)] } ?? ["-o", "x.mp4"]
            return ["render", "confetti", "--dry-run"] + clip
        }
        if setting.places.contains(.sheet) { return ["sheet", "confetti", "--size", "20x20", "--duration", "0.1", "-o", "x.png"] }
        if setting.places.contains(.batchCommand) { return ["batch", "jobs.json"] }
        return nil
    }

    /// The extension of a container that holds `codec`.
    static func extensionHolding(_ codec: String) -> String {
        let container = VideoContainer.allCases.first { $0.capabilities.codecs.map(\.rawValue).contains(codec) }
        return container?.capabilities.extensions.first ?? "mp4"
    }

    @Test("Just outside each flag's documented range, the command exits 2 naming the flag")
    func everyFlagRangeIsEnforced() throws {
        let folder = try TemporaryDirectory.cli()
        try folder.write("jobs.json", #"{"jobs": [{"scene": "confetti", "output": "a.png", "size": [20, 20], "duration": 0.1}]}"#)
        var problems: [String] = []
        var checked = 0
        for setting in Settings.all {
            let (isNumeric, whole) = Self.numeric(setting)
            guard let flag = setting.option, let range = setting.range, isNumeric, Self.notNumeric[setting.key] == nil
            else { continue }
            let ranges: [(codecs: [String]?, range: String)] = setting.codecRanges.isEmpty
                ? [(setting.codecs, range)] : setting.codecRanges.map { ($0.codecs, $0.range) }
            for (codecs, range) in ranges {
                guard let limits = Self.limits(range) else {
                    problems.append("\(flag): its range '\(range)' is not numeric limits; list it in notNumeric with why")
                    continue
                }
                guard let command = Self.command(for: setting, codecs: codecs) else {
                    problems.append("\(flag): no command takes it")
                    continue
                }
                for value in Self.outside(limits, whole: whole) {
                    checked += 1
                    // `--flag=value`, so a negative value is not read as an option.
                    let run = try Tool.run(command + ["\(flag)=\(value)"], in: folder.url)
                    if run.status != 2 || !run.error.contains(flag) {
                        problems.append("\(flag) \(value) (\(range)): exit \(run.status): \(run.error)")
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(checked >= 20)
    }
}
