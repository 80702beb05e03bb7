// swift-tools-version:6.1
import PackageDescription

// Flipbook's servers: the studio (`flipbook-studio`, which `flipbook studio` starts), the render
// service (`flipbook-serve`, `flipbook serve`) and the MCP server (`flipbook-mcp`, `flipbook mcp`), in
// a package of their own so that the root package, and so every package depending on the `Flipbook`
// library, resolves no web-server package, database or MCP SDK. It depends on the root by path; one
// package, so that the library is built once for the three. `make studio`, `make serve` and `make mcp`
// build them; `make studio-test` runs all their tests.
//   FlipbookStudio       the server: the page (Page/studio.html, .css, .js, embedded in the binary),
//                        the clip's info, frames drawn by the library, live reload, renders
//   FlipbookStudioTool   the `flipbook-studio` program over it
//   FlipbookServe        `flipbook serve`'s render service: the HTTP API (OpenAPI: Serve/openapi.yaml),
//                        the job queue with its SQLite journal (GRDB), template bundles, stills,
//                        finished files under a size budget, signed webhooks (HMAC-SHA256 over the library's
//                        SHA-256)
//   FlipbookServeTool    the `flipbook-serve` program over it
//   FlipbookMCP          `flipbook mcp`'s Model Context Protocol server over stdio (modelcontextprotocol/
//                        swift-sdk): the tools and the folder they may read and write
//   FlipbookMCPTool      the `flipbook-mcp` program over it
let package = Package(
    name: "FlipbookStudio",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "flipbook-studio", targets: ["FlipbookStudioTool"]),
        .executable(name: "flipbook-serve", targets: ["FlipbookServeTool"]),
        .executable(name: "flipbook-mcp", targets: ["FlipbookMCPTool"]),
    ],
    dependencies: [
        .package(name: "Flipbook", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // The render service's journal of jobs, a SQLite database that survives a crash.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
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
                .embedInCode("Page/controls.js"),
            ]
        ),
        .executableTarget(
            name: "FlipbookStudioTool",
            dependencies: ["FlipbookStudio", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .target(
            name: "FlipbookServe",
            dependencies: [
                "FlipbookStudio",
                .product(name: "Flipbook", package: "Flipbook"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.embedInCode("API/openapi.yaml")]
        ),
        .executableTarget(
            name: "FlipbookServeTool",
            dependencies: ["FlipbookServe", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .target(
            name: "FlipbookMCP",
            dependencies: [
                .product(name: "Flipbook", package: "Flipbook"),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "FlipbookMCPTool",
            dependencies: ["FlipbookMCP", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(
            name: "FlipbookMCPTests",
            dependencies: ["FlipbookMCP", .product(name: "MCP", package: "swift-sdk"), .product(name: "Flipbook", package: "Flipbook")]
        ),
        .testTarget(
            name: "FlipbookServeTests",
            dependencies: ["FlipbookServe", .product(name: "Flipbook", package: "Flipbook")]
        ),
        .testTarget(
            name: "FlipbookStudioTests",
            dependencies: ["FlipbookStudio", .product(name: "Flipbook", package: "Flipbook")]
        ),
    ]
)
