// swift-tools-version:6.0
import PackageDescription

// Layers (data flows down, never up):
//   CCairo, CPango, CFFmpeg system libraries (CPango: Pango over Cairo, for text; CFFmpeg with
//                          libswresample, which resamples decoded audio)
//   CEbur128               libebur128, which measures loudness (EBU R128) for --loudness
//   CJPEG, CWebP           system libraries for decoding JPEG and WebP images
//   CRsvg                  librsvg, for SVG images drawn as vectors
//   CZlib                  zlib, which compresses the PNGs Flipbook writes and inflates `.lottie` containers
//   CRlottie               rlottie, which draws Lottie animations (after Flipbook's own checks of the file)
//   FlipbookCore           no C: geometry, Color, Path, FrameRate, FlipbookError, output files
//   FlipbookRaster         pixels without Cairo: the fast paths and the filters' pixel work, the frame
//                          plan, dirty tiles, the pixels the encoders read and their conversion to the
//                          encoders' layouts (YUV planes, alpha, GIF palette), over the C kernels; the
//                          pointer code of drawing and video lives here (they keep their C hand-overs)
//   FlipbookAudio          sound without Cairo: audio files decoded, bundled sounds synthesised, the mix,
//                          its true-peak limiter and loudness
//   FlipbookDrawing        CairoCanvas (the API) over its engine (Cairo and the raster's fast paths), Bitmap,
//                          video files decoded to bitmaps (libavformat/libavcodec, libswscale)
//   FlipbookAnimation      Scene, Timeline, keyframes, the built-in scenes (confetti, ripples, text, shapes,
//                          images, groups, audio, Lottie, captions) and the parameter tables that check them
//   FlipbookSceneFile      scene files, their layer kinds, the reference and templates (SwiftCSV for data files)
//   FlipbookVideo          VideoEncoder: formats, encoders, muxers, sinks (on the raster's converted
//                          pixels: no Cairo, no Pango)
//   FlipbookRender         render(_:to:), renderStill(_:at:to:); hands Bitmaps to the encoders; batches
//   Flipbook               re-exports 2–5
//   FlipbookTesting        snapshot assertions for users' tests (Swift Testing and XCTest)
//   flipbook               the command-line tool
//   Studio/                the servers, a package of their own (Studio/Package.swift, depending on this one
//                          by path): the studio's web preview and the render service over Hummingbird, the
//                          MCP server over the MCP SDK, whose programs `flipbook studio`, `flipbook serve`
//                          and `flipbook mcp` start (`make studio`, `make serve`, `make mcp`), so that this
//                          package, and so every package depending on the `Flipbook` library, resolves none
//                          of their dependencies
//   Snippets/*.swift       the README's Swift examples, built by `swift build` against the `Flipbook` product
let package = Package(
    name: "Flipbook",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Flipbook", targets: ["Flipbook"]),
        .library(name: "FlipbookTesting", targets: ["FlipbookTesting"]),
        .executable(name: "flipbook", targets: ["FlipbookCLI"]),
        .executable(name: "flipbook-bench", targets: ["FlipbookBenchmarks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation --target Flipbook` (`make docs`) builds the DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // RFC 4180 CSV fields for the data files of template batches (`TemplateData`).
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        .systemLibrary(
            name: "CPango",
            pkgConfig: "pangocairo pangoft2 fontconfig",
            providers: [.apt(["libpango1.0-dev"]), .brew(["pango"])]
        ),
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat libavcodec libavutil libswresample",
            providers: [
                .apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswresample-dev"]),
                .brew(["ffmpeg"]),
            ]
        ),
        // libebur128 measures a mix's integrated loudness (ITU-R BS.1770-4, EBU R128) for --loudness.
        .systemLibrary(
            name: "CEbur128",
            pkgConfig: "libebur128",
            providers: [.apt(["libebur128-dev"]), .brew(["libebur128"])]
        ),
        // Image decoders for `Bitmap(contentsOf:)`: libjpeg(-turbo) and libwebp.
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]
        ),
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebp libwebpdemux",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),
        // librsvg for `SVGImage`: SVG files drawn as vectors through Cairo.
        .systemLibrary(
            name: "CRsvg",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]
        ),
        // zlib compresses the PNGs Flipbook writes, in strips of rows on every core (--png-compression).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // rlottie for `LottieAnimation`: Lottie frames rendered into premultiplied ARGB32 buffers.
        .systemLibrary(
            name: "CRlottie",
            pkgConfig: "rlottie",
            providers: [.apt(["librlottie-dev"]), .brew(["rlottie"])]
        ),
        // libswscale turns decoded video frames into BGRA (video layers) and is the benchmark's reference
        // conversion; Flipbook's output converts to YUV itself.
        .systemLibrary(
            name: "CSwscale",
            pkgConfig: "libswscale",
            providers: [.apt(["libswscale-dev"]), .brew(["ffmpeg"])]
        ),
        .target(name: "FlipbookCore"),
        // Drawing kernels for instruction sets beyond the baseline, chosen at run time (C function
        // attributes; no compiler flags, so the package stays usable as a dependency).
        .target(name: "CFlipbookKernels"),
        .target(name: "FlipbookRaster", dependencies: ["FlipbookCore", "CFlipbookKernels", "CZlib"]),
        .target(name: "FlipbookAudio", dependencies: ["FlipbookCore", "CFFmpeg", "CEbur128"]),
        // Fonts/ holds the text families `.system` fonts draw with (Noto Sans, Noto Sans Mono; OFL: Fonts/OFL.txt)
        // and the icons `Image(systemName:)` draws (Material Icons, Apache-2.0: Fonts/MaterialIcons-LICENSE.txt).
        .target(
            name: "FlipbookDrawing",
            dependencies: [
                "FlipbookCore", "FlipbookRaster", "CCairo", "CPango", "CJPEG", "CWebP", "CRsvg", "CRlottie", "CZlib",
                "CFFmpeg", "CSwscale",
            ],
            resources: [.copy("Fonts")]
        ),
        .target(
            name: "FlipbookAnimation",
            dependencies: ["FlipbookDrawing", "FlipbookAudio"],
            // Captions files in other encodings are read with iconv, which glibc has and macOS keeps in libiconv.
            linkerSettings: [.linkedLibrary("iconv", .when(platforms: [.macOS]))]
        ),
        .target(
            name: "FlipbookSceneFile",
            // CZlib for the CRC-32 of the scene bundles (.fbz) it writes.
            dependencies: [
                "FlipbookDrawing", "FlipbookAudio", "FlipbookAnimation", "CZlib", .product(name: "SwiftCSV", package: "SwiftCSV"),
            ]
        ),
        .target(
            name: "FlipbookVideo", dependencies: ["FlipbookCore", "FlipbookRaster", "FlipbookAudio", "CFFmpeg"]),
        .target(
            name: "FlipbookRender",
            dependencies: ["FlipbookDrawing", "FlipbookAnimation", "FlipbookSceneFile", "FlipbookVideo"]
        ),
        .target(
            name: "Flipbook",
            dependencies: [
                "FlipbookDrawing", "FlipbookAudio", "FlipbookAnimation", "FlipbookSceneFile", "FlipbookVideo", "FlipbookRender",
            ]
        ),
        .target(
            name: "FlipbookTesting",
            dependencies: ["Flipbook"]
        ),
        .executableTarget(
            name: "FlipbookCLI",
            dependencies: [
                "Flipbook",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "FlipbookBenchmarks",
            dependencies: ["Flipbook", "CFFmpeg", "CSwscale", "CCairo", "CRlottie"],
            path: "Benchmarks/FlipbookBenchmarks"
        ),
        .executableTarget(
            name: "FlipbookMemcheck",
            dependencies: ["Flipbook"],
            path: "Tests/Memcheck"
        ),
        .target(
            name: "FlipbookTestSupport",
            dependencies: ["FlipbookRaster", "FlipbookDrawing", "FlipbookVideo", "FlipbookAudio", "CFFmpeg"],
            path: "Tests/FlipbookTestSupport"
        ),
        .testTarget(
            name: "FlipbookCoreTests",
            dependencies: ["FlipbookCore"]
        ),
        .testTarget(
            name: "FlipbookRasterTests",
            dependencies: ["FlipbookCore", "FlipbookRaster", "FlipbookTestSupport"]
        ),
        .testTarget(
            name: "FlipbookDrawingTests",
            dependencies: ["FlipbookCore", "FlipbookRaster", "FlipbookDrawing", "FlipbookTestSupport", "CZlib", "CRlottie"]
        ),
        .testTarget(
            name: "FlipbookAudioTests",
            dependencies: ["FlipbookAudio", "FlipbookTestSupport", "CFFmpeg"]
        ),
        .testTarget(
            name: "FlipbookAnimationTests",
            // FlipbookVideo writes the video layers' test sources.
            dependencies: ["FlipbookAnimation", "FlipbookSceneFile", "FlipbookTestSupport", "FlipbookVideo"]
        ),
        .testTarget(
            name: "FlipbookVideoTests",
            dependencies: [
                "FlipbookVideo", "FlipbookRaster", "FlipbookRender", "FlipbookAnimation", "FlipbookTestSupport", "CFFmpeg",
            ]
        ),
        .testTarget(
            name: "FlipbookRenderTests",
            dependencies: ["Flipbook", "FlipbookTestSupport", "CFFmpeg"]
        ),
        .testTarget(
            name: "FlipbookTestingTests",
            dependencies: ["FlipbookTesting", "Flipbook", "FlipbookTestSupport"],
            exclude: ["Snapshots", "party.json"]
        ),
        .testTarget(
            name: "FlipbookCLITests",
            dependencies: ["FlipbookCLI", "FlipbookTestSupport"]
        ),
    ]
)
