import ArgumentParser
import Flipbook
import Foundation

/// The encoder settings `render` accepts. Their ranges are ``VideoOptions``'s own.
struct EncodingOptions: ParsableArguments {
    @Option(parsing: .unconditional,
            help: "x264 constant rate factor, 0 (lossless) to 51; lower is better and larger. (default: 20)")
    var crf: Int?

    @Option(help: "x264's speed/size trade-off; slower presets make smaller files. (default: medium)")
    var preset: X264Preset?

    @Option(parsing: .unconditional, help: ArgumentHelp("Drawing threads. (default: one per core)", visibility: .hidden))
    var workers: Int?

    /// The flags given, for placing errors.
    var givenFlags: Set<String> {
        var flags: Set<String> = []
        if crf != nil { flags.insert("--crf") }
        if preset != nil { flags.insert("--preset") }
        if workers != nil { flags.insert("--workers") }
        return flags
    }

    /// The options, checked by ``VideoOptions`` (errors name `crf`, `preset`).
    func videoOptions() throws -> VideoOptions {
        let defaults = VideoOptions()
        return try VideoOptions(crf: crf ?? defaults.crf, preset: (preset?.rawValue) ?? defaults.preset)
    }
}

/// Checks an output's extension before any work starts; the error's key path is `output`.
func checkOutput(_ path: String, allowed: [String], what: String) throws -> URL {
    let url = URL(fileURLWithPath: path)
    guard allowed.contains(url.pathExtension.lowercased()) else {
        throw FlipbookError(
            invalid: "The output",
            "must end in \(allowed.map { ".\($0)" }.joined(separator: ", ")) for \(what); it is \"\(path)\".",
            at: .init(keyPath: "output"))
    }
    return url
}
