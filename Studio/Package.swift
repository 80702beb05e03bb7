// swift-tools-version:6.0
import PackageDescription

// Flipbook Studio's server, `flipbook-studio`, which `flipbook studio` starts: a package of its own
// so that the root package, and so every package depending on the `Flipbook` library, resolves no
// web-server package. It depends on the root by path and adds Hummingbird (with SwiftNIO under it).
// `make studio` builds it; `make studio-test` runs its tests.
//   FlipbookStudio       the server: the page (Page/studio.html, .css, .js, embedded in the binary),
//                        the clip's info, frames drawn by the library, live reload, renders
//   FlipbookStudioTool   the `flipbook-studio` program over it
let package = Package(
    name: "FlipbookStudio",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "flipbook-studio", targets: ["FlipbookStudioTool"]),
    ],
    dependencies: [
        .package(name: "Flipbook", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // The page's files are embedded in code, not copied into a resource bundle: the server stays
        // one file, which runs wherever it is put (beside `flipbook`, say) with nothing to find at run time.
        .target(
            name: "FlipbookStudio",
            dependencies: [
                .product(name: "Flipbook", package: "Flipbook"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            resources: [
                .embedInCode("Page/studio.html"),
                .embedInCode("Page/studio.css"),
                .embedInCode("Page/studio.js"),
            ]
        ),
        .executableTarget(
            name: "FlipbookStudioTool",
            dependencies: ["FlipbookStudio", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(
            name: "FlipbookStudioTests",
            dependencies: ["FlipbookStudio", .product(name: "Flipbook", package: "Flipbook")]
        ),
    ]
)
