import Flipbook
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookCLI

/// Where `flipbook studio` looks for `flipbook-studio`, in a made-up repository of its own folder.
@Suite("flipbook studio's server")
struct StudioProgramTests {
    /// A repository holding `Studio/Package.swift`, with `flipbook`'s build folder of `configuration`.
    func repository(_ configuration: String) throws -> (TemporaryDirectory, toolFolder: URL) {
        let directory = try TemporaryDirectory("studio-program")
        try FileManager.default.createDirectory(at: directory.file("Studio"), withIntermediateDirectories: true)
        try directory.write("Studio/Package.swift", "// swift-tools-version:6.0\n")
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

    @Test("Not built: the message names both places and `make studio`, run in the repository")
    func missing() throws {
        let (directory, toolFolder) = try repository("debug")
        let error = try #require(throws: FlipbookError.self) {
            try StudioProgram.find(toolFolder: toolFolder, environment: [:])
        }
        #expect(error.kind == .file)
        let beside = toolFolder.appendingPathComponent("flipbook-studio").path
        let studio = directory.path("Studio/.build/debug/flipbook-studio")
        #expect(error.description.contains("there is no \(studio) nor \(beside)."), "\(error.description)")
        #expect(error.description.contains("Build it in \(directory.url.standardizedFileURL.path) with: make studio "),
                "\(error.description)")
        #expect(error.description.contains("FLIPBOOK_STUDIO=PATH"))
    }

    @Test("A release flipbook asks for the Studio package's release build")
    func missingRelease() throws {
        let (directory, toolFolder) = try repository("release")
        let error = try #require(throws: FlipbookError.self) {
            try StudioProgram.find(toolFolder: toolFolder, environment: [:])
        }
        #expect(error.description.contains(directory.path("Studio/.build/release/flipbook-studio")))
        #expect(error.description.contains("with: swift build -c release --package-path Studio --product flipbook-studio "),
                "\(error.description)")
    }

    @Test("Outside a repository only the place beside flipbook is looked in")
    func outsideRepository() throws {
        let directory = try TemporaryDirectory("studio-program-bin")
        let error = try #require(throws: FlipbookError.self) {
            try StudioProgram.find(toolFolder: directory.url, environment: [:])
        }
        #expect(error.description.contains("there is no \(directory.path("flipbook-studio")). "), "\(error.description)")
        #expect(error.description.contains("Build it in Flipbook's repository with: make studio"))
    }

    @Test("Beside flipbook, then the Studio build of the same configuration, then FLIPBOOK_STUDIO: each wins over the one before")
    func order() throws {
        let (directory, toolFolder) = try repository("debug")
        let beside = toolFolder.appendingPathComponent("flipbook-studio")
        try program(at: beside)
        // Built for release only: a debug flipbook does not take it.
        try program(at: directory.file("Studio/.build/release/flipbook-studio"))
        #expect(try StudioProgram.find(toolFolder: toolFolder, environment: [:]).path == beside.path)
        let studio = directory.file("Studio/.build/debug/flipbook-studio")
        try program(at: studio)
        #expect(try StudioProgram.find(toolFolder: toolFolder, environment: [:]).path == studio.path)
        let named = directory.file("elsewhere/studio-server")
        try program(at: named)
        #expect(try StudioProgram.find(toolFolder: toolFolder, environment: ["FLIPBOOK_STUDIO": named.path]).path == named.path)
        #expect(try StudioProgram.find(toolFolder: toolFolder, environment: ["FLIPBOOK_STUDIO": ""]).path == studio.path)
    }

    @Test("FLIPBOOK_STUDIO naming no program is an error naming it")
    func namedMissing() throws {
        let (directory, toolFolder) = try repository("debug")
        try program(at: directory.file("Studio/.build/debug/flipbook-studio"))
        let named = directory.path("nothing-here")
        let error = try #require(throws: FlipbookError.self) {
            try StudioProgram.find(toolFolder: toolFolder, environment: ["FLIPBOOK_STUDIO": named])
        }
        #expect(error.description.contains("FLIPBOOK_STUDIO names \(named), which is not an executable file"))
    }
}
