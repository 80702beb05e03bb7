import Flipbook
import Foundation

/// `error` placed at its flag when it is about a value the command line gave (`given` holds the
/// flags that were used), showing the value as typed when `written` has it; other errors are
/// returned unchanged. The flag for a key path is its settings-table row's (``Settings/option(forKey:)``).
func placedAtFlag(_ error: any Error, given: Set<String>, written: [String: String] = [:]) -> any Error {
    // A template parameter's value, named by the parameter (`accent`), came from `--set accent=…`.
    if let error = error as? FlipbookError, error.location.file == nil, let name = error.location.keyPath,
       given.contains("--set " + name) {
        return error.at(flag: "--set " + name)
    }
    guard let error = error as? FlipbookError, error.location.file == nil, let keyPath = error.location.keyPath
    else { return error }
    if let flag = Settings.option(forKey: keyPath), given.contains(flag) {
        let shown = written[flag].map(error.writtenAs) ?? error
        return shown.at(flag: flag)
    }
    // One part of a flag's value (`motionBlur.shutter`) is named after the flag: `--motion-blur shutter`.
    let key = Setting.key(ofKeyPath: keyPath)
    guard let flag = Settings.option(forKey: key), given.contains(flag) else { return error }
    let part = keyPath.dropFirst(key.count).drop { $0 == "." }
    return error.at(flag: part.isEmpty ? flag : "\(flag) \(part)")
}

/// Runs `body`, placing any error it throws at the flag that gave the bad value.
func placingErrors<T>(given: Set<String>, written: [String: String] = [:], _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw placedAtFlag(error, given: given, written: written)
    }
}
