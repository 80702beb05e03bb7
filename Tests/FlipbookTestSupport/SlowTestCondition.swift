import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// Marks a test that takes a large share of the suite's time: `make check`, the quick loop, sets
    /// `FLIPBOOK_SKIP_SLOW_TESTS=1` and reports it skipped, with `reason`; `make test` runs it.
    public static func slow(_ reason: String) -> Self {
        .enabled(if: ProcessInfo.processInfo.environment["FLIPBOOK_SKIP_SLOW_TESTS"] != "1",
                 Comment(rawValue: "left out of make check: \(reason)"))
    }
}
