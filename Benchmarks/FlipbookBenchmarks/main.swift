import Foundation

// flipbook-bench <benchmark> [arguments]: runs one benchmark and prints its figures.
//
//   all [--runs N]           issue #5's workloads B1–B4 against their encoder floors, the one-core
//                            figures and the memory check, then the table (`make bench`)
//   workloads [--runs N] [B1 …]  the named workloads only
//   canvas, video            drawing and video micro-benchmarks
//   filters [--radius R]     a 1920×1080 layer under a Gaussian blur, against the same without
//   write-fixtures           Fixtures/Benchmarks/*.json from Workloads.swift
//   dump-yuv <B1…B3> <file>  a workload's frames as raw yuv420p
//   workload-child …         internal: one measurement, run in its own process by `all`
let benchmarks: [String: ([String]) throws -> Void] = [
    "all": WorkloadBenchmark.all,
    "workloads": WorkloadBenchmark.workloads,
    "workload-child": WorkloadChild.run,
    "write-fixtures": { _ in try WorkloadFixtures.write() },
    "dump-yuv": YUVDump.run,
    "canvas": CanvasBenchmark.run,
    "video": VideoBenchmark.run,
    "filters": FilterBenchmark.run,
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let benchmark = benchmarks[name] else {
    print("usage: flipbook-bench <\(benchmarks.keys.sorted().joined(separator: "|"))> [arguments]")
    exit(2)
}
do {
    try benchmark(Array(arguments.dropFirst()))
} catch {
    print("flipbook-bench \(name): \(error)")
    exit(1)
}
