import Flipbook
import Foundation

/// Where `flipbook studio` finds the server it starts, `flipbook-studio`. The server is a package of
/// its own (`Studio/` in Flipbook's repository) so that neither the library nor this tool resolves a
/// web-server package; `make studio` builds it into the root package's build folder, beside `flipbook`.
enum StudioProgram {
    /// The server's executable name.
    static let name = "flipbook-studio"
    /// The environment variable naming the server's executable; it wins over the place beside `flipbook`.
    static let environmentVariable = "FLIPBOOK_STUDIO"

    /// The server for a `flipbook` in `toolFolder`: the file ``environmentVariable`` names, else
    /// `flipbook-studio` beside `flipbook`.
    ///
    /// - Throws: ``FlipbookError`` (`.file`) naming the place looked in and the command that builds
    ///   the server, or the file ``environmentVariable`` names when it is not a program.
    static func find(toolFolder: URL, environment: [String: String]) throws -> URL {
        if let named = environment[environmentVariable], !named.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: named) else {
                throw FlipbookError.file(
                    "\(environmentVariable) names \(named), which is not an executable file: "
                        + "set it to the \(name) program, or unset it.", path: named)
            }
            return URL(fileURLWithPath: named)
        }
        let beside = toolFolder.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        throw FlipbookError.file(
            "flipbook studio runs the \(name) program, which is not built: there is no \(beside.path). "
                + "Build it in Flipbook's repository with: \(buildCommand(configuration: toolFolder.lastPathComponent)) "
                + "(or name it with \(environmentVariable)=PATH).",
            path: beside.path)
    }

    /// The command that builds the server beside a `flipbook` of `configuration` (`debug`, `release`).
    static func buildCommand(configuration: String) -> String {
        configuration == "release"
            ? "swift build -c release --package-path Studio --scratch-path .build --product \(name)" : "make studio"
    }
}
