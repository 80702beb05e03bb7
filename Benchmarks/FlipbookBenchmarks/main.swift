import Foundation

// flipbook-bench <benchmark> [arguments]: runs one benchmark and prints its figures.
let benchmarks: [String: ([String]) throws -> Void] = [
    "canvas": CanvasBenchmark.run,
    "video": VideoBenchmark.run,
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
