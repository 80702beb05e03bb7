import ArgumentParser
import Flipbook
import Foundation

/// How a render's segments share the machine (``SegmentLayout``): settings that never change the file.
struct SegmentOptions: ParsableArguments {
    @Option(name: Setting.memoryBudget.name, help: Setting.memoryBudget.argumentHelp(valueName: "bytes"))
    var memoryBudget: MemoryBudgetArgument?
    // Read into the request through their rows (``RenderRequest/cache``), as a batch job's keys are.
    @Option(name: Setting.cache.name, help: Setting.cache.argumentHelp(valueName: "dir"))
    var cache: String?
    @Option(name: Setting.cacheLimit.name, help: Setting.cacheLimit.argumentHelp(valueName: "bytes"))
    var cacheLimit: String?

    /// The flags given, for placing errors.
    var givenFlags: Set<String> {
        memoryBudget == nil ? [] : Set([Setting.memoryBudget.option].compactMap { $0 })
    }

    /// The environment variable that fixes how many segments are encoded at once, for tests and
    /// benchmarks (the file is the same whatever it says).
    static let atOnceVariable = "FLIPBOOK_SEGMENT_ENCODERS"

    /// `plan` with these settings.
    func applied(to plan: OutputPlan, environment: [String: String] = ProcessInfo.processInfo.environment) -> OutputPlan {
        var plan = plan
        plan.memoryBudget = memoryBudget?.bytes
        if let text = environment[Self.atOnceVariable], let count = Int(text), count > 0 { plan.segmentEncoders = count }
        return plan
    }
}

/// `--memory-budget 8G`: bytes with a binary suffix.
struct MemoryBudgetArgument: ExpressibleByArgument {
    var bytes: Int

    init?(argument: String) {
        guard let bytes = MemoryAmount.bytes(argument) else { return nil }
        self.bytes = bytes
    }
}
