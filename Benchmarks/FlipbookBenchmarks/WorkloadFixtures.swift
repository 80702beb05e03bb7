import Flipbook
import Foundation

/// `Fixtures/Benchmarks/*.json`: the workloads as scene files, so they can be rendered with the
/// `flipbook` tool too (`flipbook render Fixtures/Benchmarks/B2-storm.json -o storm.mp4 --preset veryfast`;
/// B4 is the storm at scale 2: `flipbook still Fixtures/Benchmarks/B4-still.json --time 0.8 -o still.png`).
enum WorkloadFixtures {
    static let directory = URL(fileURLWithPath: "Fixtures/Benchmarks", isDirectory: true)

    /// `write-fixtures`: writes every workload's scene file.
    static func write() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for workload in Workload.all {
            let url = directory.appendingPathComponent(workload.fixtureName)
            try workload.json().write(to: url)
            print("wrote \(url.path)")
        }
    }

    /// Warnings for fixture files (when run from the package root) that no longer match the code.
    static func staleFixtures() -> [String] {
        Workload.all.compactMap { workload in
            let url = directory.appendingPathComponent(workload.fixtureName)
            guard let onDisk = try? Data(contentsOf: url) else { return nil }
            return (try? workload.json()) == onDisk
                ? nil : "\(url.path) differs from Workloads.swift; run `flipbook-bench write-fixtures`"
        }
    }
}
