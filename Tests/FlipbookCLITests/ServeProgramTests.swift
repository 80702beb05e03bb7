import Flipbook
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookCLI

/// Where `flipbook serve` looks for `flipbook-serve`: as `flipbook studio` looks for its program.
@Suite("flipbook serve's server")
struct ServeProgramTests {
    @Test("the Studio build, FLIPBOOK_SERVE, and a message naming make serve when it is not built")
    func findsTheServer() throws {
        let directory = try TemporaryDirectory("serve-program")
        try FileManager.default.createDirectory(at: directory.file("Studio"), withIntermediateDirectories: true)
        try directory.write("Studio/Package.swift", "// swift-tools-version:6.0\n")
        let toolFolder = directory.file(".build/debug")
        try FileManager.default.createDirectory(at: toolFolder, withIntermediateDirectories: true)
        let error = try #require(throws: FlipbookError.self) {
            try StudioProgram.find(.serve, toolFolder: toolFolder, environment: [:])
        }
        #expect(error.description.hasPrefix("flipbook serve runs the flipbook-serve program, which is not built"), "\(error.description)")
        #expect(error.description.contains("with: make serve ") && error.description.contains("FLIPBOOK_SERVE=PATH"), "\(error.description)")
        let built = directory.file("Studio/.build/debug/flipbook-serve")
        try FileManager.default.createDirectory(at: built.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: built)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: built.path)
        #expect(try StudioProgram.find(.serve, toolFolder: toolFolder, environment: [:]).path == built.path)
        // The studio's own program is not the service's.
        #expect(throws: FlipbookError.self) { try StudioProgram.find(toolFolder: toolFolder, environment: [:]) }
        let named = directory.file("elsewhere/flipbook-serve")
        try FileManager.default.createDirectory(at: named.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: built, to: named)
        #expect(try StudioProgram.find(.serve, toolFolder: toolFolder, environment: ["FLIPBOOK_SERVE": named.path]).path == named.path)
    }

    @Test("flipbook serve refuses a host other than loopback without a token, as flipbook-serve says",
          .enabled(if: FileManager.default.isExecutableFile(atPath: packageFile("Studio/.build/debug/flipbook-serve").path),
                   "flipbook-serve is not built (make serve)"))
    func passesItsArguments() throws {
        let run = try Tool.run(["serve", "--host", "0.0.0.0", "--port", "0", "--data", "unused"])
        #expect(run.status == 2 && run.error.contains("'0.0.0.0' is reachable from other machines, so --token T is required"), "\(run.error)")
        let scratch = try TemporaryDirectory.cli()
        let file = try scratch.write("not-a-folder", "x")
        let cache = try Tool.run(["serve", "--port", "0", "--data", scratch.path("data"), "--cache", file, "--cache-limit", "1G"])
        #expect(cache.status == 2 && cache.error == "error: --cache must be a folder; \(file) is a file.\n", "\(cache.error)")
    }
}
