import ArgumentParser
import Flipbook
import Foundation

// The library's value types, read from the command line. Each reads the text only; ranges are
// checked by the library (Timeline, VideoOptions, FrameRate), so a flag and a file agree.

extension FrameRate: ExpressibleByArgument {
    /// `30`, `29.97` or `30000/1001`. An unsupported rate is kept for the timeline's check, which
    /// names the supported ones.
    public init?(argument: String) {
        if let rate = try? FrameRate(parsing: argument) {
            self = rate
        } else if let number = Double(argument) {
            self.init(decimal: number)
        } else {
            let parts = argument.split(separator: "/")
            guard parts.count == 2, let n = Int(parts[0]), let d = Int(parts[1]) else { return nil }
            self.init(n, d)
        }
    }
}

extension Color: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(named: argument)
    }
}

extension X264Preset: ExpressibleByArgument {}

extension PixelSize: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }
}
