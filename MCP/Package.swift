// swift-tools-version:6.1
import PackageDescription

// `flipbook mcp`'s server, `flipbook-mcp`: a Model Context Protocol server over standard input and
// output, in a package of its own so that the root package, and so every package depending on the
// `Flipbook` library, resolves neither the MCP SDK nor what it brings (SwiftNIO, swift-log). It
// depends on the root by path. `make mcp` builds it; `make mcp-test` runs its tests.
//   FlipbookMCP       the tools (schema, check, render_still, render_sheet, render, compare) and the
//                     folder they may read and write
//   FlipbookMCPTool   the `flipbook-mcp` program over it
let package = Package(
    name: "FlipbookMCP",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "flipbook-mcp", targets: ["FlipbookMCPTool"]),
    ],
    dependencies: [
        .package(name: "Flipbook", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
    ],
    targets: [
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
    ]
)
