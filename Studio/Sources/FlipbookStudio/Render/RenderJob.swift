import Flipbook
import Foundation

/// One render started from the page: what it writes, how far it has got, and how it ended.
struct RenderJob: Codable, Sendable {
    enum State: String, Codable, Sendable {
        case queued, running, finished, failed, cancelled
    }

    var id: Int
    /// The output's file name, in the output folder.
    var output: String
    var state: State
    var framesEncoded: Int
    var totalFrames: Int
    var framesPerSecond: Double
    /// Why it failed.
    var error: String?
    /// The `flipbook render` line that writes the same file.
    var command: String

    var fractionCompleted: Double { totalFrames > 0 ? Double(framesEncoded) / Double(totalFrames) : 0 }
}

/// What the page asks a render for: the template's values, the live settings (``LiveSetting``), the
/// container, codec and quality, and the output's file name.
struct RenderOrder: Codable, Sendable {
    var values: [String: String]
    var settings: [String: String]?
    var container: String?
    var codec: String?
    var quality: String?
    var output: String

    /// The output's file name, checked: a plain name (no folder, no `..`, not hidden) with an extension.
    ///
    /// - Throws: ``StudioError`` 400 naming what is wrong.
    func checkedOutputName() throws -> String {
        let name = output.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.contains("/"), !name.contains("\\"), !name.hasPrefix("."), name.count <= 200,
              !(name as NSString).pathExtension.isEmpty else {
            throw StudioError(status: 400, "output must be a file name with an extension, such as card.webm, "
                              + "without a folder; it is '\(output.prefix(80))'.")
        }
        return name
    }

    /// The library's request for this order.
    func renderRequest(scene: String, file: SceneFile) throws -> RenderRequest {
        var sceneRequest = SceneRequest(scene: scene)
        sceneRequest.loadedFile = file
        sceneRequest.parameterValues = values
        try LiveSetting.apply(settings ?? [:], to: &sceneRequest)
        var request = RenderRequest(scene: sceneRequest, output: try checkedOutputName())
        // The order's names for the container, codec and quality are the settings table's rows.
        for (setting, text) in [(Setting.container, container), (.codec, codec), (.quality, quality)] {
            guard let text, !text.isEmpty, let row = Settings.setting(forKey: setting.key) else { continue }
            try request.set(row, to: .text(text))
        }
        return request
    }

    /// The command line that renders the same file.
    func command(scene: String) -> String {
        var words = ["flipbook", "render", scene]
        for name in values.keys.sorted() { words += ["--set", "\(name)=\(values[name] ?? "")"] }
        for key in (settings ?? [:]).keys.sorted() {
            words += [LiveSetting.named(key)?.setting.option ?? "--" + key, settings?[key] ?? ""]
        }
        if let codec, !codec.isEmpty { words += ["--codec", codec] }
        if let quality, !quality.isEmpty { words += ["--quality", quality] }
        words += ["-o", output]
        return words.map(ShellQuoting.quoted).joined(separator: " ")
    }
}

/// Words quoted for a POSIX shell, only when they need it.
enum ShellQuoting {
    static func quoted(_ word: String) -> String {
        let plain = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
        if !word.isEmpty, word.unicodeScalars.allSatisfy(plain.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
