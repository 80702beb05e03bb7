import Flipbook
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookCLI

/// Where `flipbook studio` looks for `flipbook-studio`, in a build folder of the test's own.
@Suite("flipbook studio's server")
struct StudioProgramTests {
    /// A build folder of `configuration`, as SwiftPM lays it out.
    func buildFolder(_ configuration: String) throws -> (TemporaryDirectory, toolFolder: URL) {
        let directory = try TemporaryDirectory("studio-program")
        let toolFolder = directory.file(".build/x86_64-unknown-linux-gnu/\(configuration)")
        try FileManager.default.createDirectory(at: toolFolder, withIntermediateDirectories: true)
        return (directory, toolFolder)
    }

    /// An executable file at `url`.
    func program(at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    @Test("Not built: the message names the place beside flipbook and `make studio`")
    func missing() throws {
        let (_, toolFolder) = try buildFolder("debug")
        let error = try #require(throws: FlipbookError.self) {
            try StudioProgram.find(toolFolder: toolFolder, environment: [:])
        }
        #expect(error.kind == .file)
        #expect(error.description == "flipbook studio runs the flipbook-studio program, which is not built: there is no "
                    + "\(toolFolder.path)/flipbook-studio. Build it in Flipbook's repository with: make studio "
                    + "(or name it with FLIPBOOK_STUDIO=PATH).", "\(error.description)")
    }

    @Test("A release flipbook asks for the Studio package's release build into the same folder")
    func missingRelease() throws {
        let (_, toolFolder) = try buildFolder("release")
        let error = try #require(throws: FlipbookError.self) {
            try StudioProgram.find(toolFolder: toolFolder, environment: [:])
        }
        #expect(error.description.contains(
            "with: swift build -c release --package-path Studio --scratch-path .build --product flipbook-studio "),
                "\(error.description)")
    }

    @Test("Beside flipbook, then FLIPBOOK_STUDIO, which wins")
    func order() throws {
        let (directory, toolFolder) = try buildFolder("debug")
        let beside = toolFolder.appendingPathComponent("flipbook-studio")
        try program(at: beside)
        #expect(try StudioProgram.find(toolFolder: toolFolder, environment: [:]).path == beside.path)
        let named = directory.file("elsewhere/studio-server")
        try program(at: named)
        #expect(try StudioProgram.find(toolFolder: toolFolder, environment: ["FLIPBOOK_STUDIO": named.path]).path == named.path)
        #expect(try StudioProgram.find(toolFolder: toolFolder, environment: ["FLIPBOOK_STUDIO": ""]).path == beside.path)
    }

    @Test("FLIPBOOK_STUDIO naming no program is an error naming it")
    func namedMissing() throws {
        let (directory, toolFolder) = try buildFolder("debug")
        try program(at: toolFolder.appendingPathComponent("flipbook-studio"))
        let named = directory.path("nothing-here")
        let error = try #require(throws: FlipbookError.self) {
            try StudioProgram.find(toolFolder: toolFolder, environment: ["FLIPBOOK_STUDIO": named])
        }
        #expect(error.description.contains("FLIPBOOK_STUDIO names \(named), which is not an executable file"))
    }
}
