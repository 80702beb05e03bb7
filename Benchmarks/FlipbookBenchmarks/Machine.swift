import Foundation

/// The machine a benchmark ran on, for the report.
enum Machine {
    /// e.g. "AMD EPYC, 2 cores, 23.4 GiB, Swift version 6.3.1 (swift-6.3.1-RELEASE)".
    static func description() -> String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?
            .trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
        return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + String(format: "%.1f GiB", memory) + ", \(swiftVersion())"
    }

    /// The first line of `swift --version`, or the compiler this binary was built with if there is
    /// no `swift` on the PATH.
    static func swiftVersion() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        if (try? process.run()) != nil {
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if let line = output.split(separator: "\n").first(where: { $0.contains("Swift version") }) {
                return line.trimmingCharacters(in: .whitespaces)
            }
        }
        #if compiler(>=6.3)
        return "Swift 6.3 or later"
        #else
        return "Swift before 6.3"
        #endif
    }
}
