import Foundation

// flipbook-bench <benchmark> [arguments]: runs one benchmark and prints its figures.
//
//   all [--runs N]           issue #5's workloads B1–B4 against their encoder floors, the one-core
//                            figures and the memory check, then the table (`make bench`)
//   workloads [--runs N] [B1 …]  the named workloads only
//   canvas, video            drawing and video micro-benchmarks
//   parallel storm|emoji [--threads N]  one frame drawn on N threads at once (text's shaper pool)
//   filters [--radius R]     a 1920×1080 layer under a Gaussian blur, against the same without
//   stacked-blurs [--dots N] [--radius R]  dots in one 780×780 layer, each adding a blur before it is drawn
//   metaballs                alphaThreshold over blur over a layer of 8 circles at 780×780
//   symbols [--count N]      10,000 resolved symbols against 10,000 emoji confetti shapes
//   png [--runs N] [--level L]  B4's picture encoded as a PNG, its strips in parallel and one at a time
//   write-fixtures           Fixtures/Benchmarks/*.json from Workloads.swift
//   dump-yuv <B1…B3> <file>  a workload's frames as raw yuv420p
//   encoder-settings [--settings before,now,threads-N,…] [B1 …]  H.264 settings compared: encode time, CPU, memory, size, peak rate, PSNR
//   chunks [--duration S] [--width PX] [B1 …]  size and PSNR of N = 1, 2, 4, 8 chunks joined
//                            by concat against one piece (Benchmarks/scale-out.md)
//   segments [--runs N] [--encoders 1,2,4,8] [--lengths 1,2,4] [B1 …]  segment-parallel encoding: the size
//                            at each segment length, each segment's CPU, 1–8 encoders at once, the
//                            prediction for more cores (Benchmarks/segments.md)
//   manycore [--quick] [--frames N] [--encoders 1,2,4,8,16] [--threads 1,2,4,8,16] [--max-threads 16] [--cores 16] [B2 B3]
//                            B2 and B3 in E segments × T frame threads each, and libx264 alone in-process
//                            on the same frames: wall, CPU, cores busy, size, PSNR, the layout chosen here
//                            and predicted for --cores (Benchmarks/segments.md); in the portable tarball
//   versus-ffmpeg [--runs N] [B1 …]  `flipbook render` against the `ffmpeg` command encoding the same
//                            frames from /dev/shm: time, CPU, size and PSNR (the README's table)
//   template-batch [--rows N] [--singles N]  the card template for N rows as one data batch, against
//                            a render --set per row, and the fixed cost of a row (Benchmarks/templates.md)
//   lottie [--frames N] FILE…  Lottie files drawn into a 1920×1080 frame by Flipbook and by rlottie
//                            called directly, alternately: median ms per frame (Benchmarks/lottie.md)
//   video-layer CLIP [--frames N] [--long FILE --seek S]  a 1080p video layer's cost per frame against
//                            `ffmpeg -f null` decoding it, and the first frame of a late trim (Benchmarks/video-layer.md)
//   workload-child …         internal: one measurement, run in its own process by `all`
let benchmarks: [String: ([String]) throws -> Void] = [
    "all": WorkloadBenchmark.all,
    "workloads": WorkloadBenchmark.workloads,
    "workload-child": WorkloadChild.run,
    "write-fixtures": { _ in try WorkloadFixtures.write() },
    "dump-yuv": YUVDump.run,
    "encoder-settings": EncoderSettingsBenchmark.run,
    "encoder-settings-child": EncoderSettingsBenchmark.runChild,
    "canvas": CanvasBenchmark.run,
    "parallel": ParallelDrawBenchmark.run,
    "video": VideoBenchmark.run,
    "chunks": ChunkBenchmark.run,
    "segments": SegmentBenchmark.run,
    "manycore": ManycoreBenchmark.run,
    "versus-ffmpeg": VersusFFmpegBenchmark.run,
    "filters": FilterBenchmark.run,
    "stacked-blurs": StackedBlurBenchmark.run,
    "metaballs": MetaballsBenchmark.run,
    "symbols": SymbolBenchmark.run,
    "png": PNGBenchmark.run,
    "template-batch": TemplateBatchBenchmark.run,
    "lottie": LottieBenchmark.run,
    "video-layer": VideoLayerBenchmark.run,
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
