import Flipbook
import Foundation

/// Which flag gives each value the library names by key path: the one table that turns the
/// library's `fps must be …` into `--fps must be …` when the value came from the command line.
let flagForKeyPath: [String: String] = [
    "size": "--size", "scale": "--scale", "fps": "--fps", "duration": "--duration", "seed": "--seed",
    "background": "--background", "crf": "--crf", "preset": "--preset", "workers": "--workers",
    "time": "--time", "output": "--output", "codec": "--codec", "container": "--format",
    "pixelFormat": "--pixel-format", "loop": "--loop", "lookahead": "--lookahead", "keyframeInterval": "--keyint",
    "maxBitrate": "--max-bitrate", "chunk": "--chunk", "shard": "--shard",
    "frames": "--frames", "frame": "--frame", "alpha": "--background",
]

/// `error` placed at its flag when it is about a value the command line gave (`given` holds the
/// flags that were used); other errors are returned unchanged.
func placedAtFlag(_ error: any Error, given: Set<String>) -> any Error {
    guard let error = error as? FlipbookError, error.location.file == nil,
          let keyPath = error.location.keyPath, let flag = flagForKeyPath[keyPath], given.contains(flag)
    else { return error }
    return error.at(flag: flag)
}

/// Runs `body`, placing any error it throws at the flag that gave the bad value.
func placingErrors<T>(given: Set<String>, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw placedAtFlag(error, given: given)
    }
}
