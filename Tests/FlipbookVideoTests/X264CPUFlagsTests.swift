import CFFmpeg
import FlipbookDrawing
import FlipbookRender
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookVideo

/// x264 runs with every SIMD extension of the CPU except AVX-512 (whose kernels broke byte-identical
/// output; see X264CPUFlags.swift), unless the threads are automatic (`--threads auto`), which allows
/// every one. Both halves can go wrong: naming an extension the CPU lacks makes
/// x264 execute illegal instructions, and a list that does not reach x264 leaves AVX-512 on.
@Suite("x264's CPU extensions", .serialized)
struct X264CPUFlagsTests {
    /// The `/proc/cpuinfo` flag for each x264 extension name, as the kernel reports the CPU.
    /// SSE2Slow is a speed hint libavutil derives, not a CPU feature, so it is not compared.
    static let cpuinfoFlags: [String: [String]] = [
        // Intel lists no "mmxext": SSE implies MMX2's instructions.
        "MMX2": ["mmxext", "sse"], "SSE": ["sse"], "SSE2": ["sse2"], "SSE3": ["pni"], "SSSE3": ["ssse3"],
        "SSE4.1": ["sse4_1"], "SSE4.2": ["sse4_2"], "AVX": ["avx"], "XOP": ["xop"], "FMA4": ["fma4"],
        "FMA3": ["fma"], "BMI1": ["bmi1"], "BMI2": ["bmi2"], "AVX2": ["avx2"],
    ]

    /// The CPU's flags from `/proc/cpuinfo`, or `nil` where there is none.
    static func cpuinfo() -> Set<String>? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("flags") }),
              let colon = line.firstIndex(of: ":")
        else { return nil }
        return Set(line[line.index(after: colon)...].split(separator: " ").map(String.init))
    }

    @Test("the asm list is exactly the CPU's extensions (per /proc/cpuinfo), AVX-512 aside",
          .x86_64Only, .enabled(if: cpuinfo() != nil, "needs /proc/cpuinfo (Linux)"))
    func asmListMatchesTheCPU() throws {
        #if arch(x86_64)
        let cpu = try #require(Self.cpuinfo())
        let list = try #require(x264CPUFlagsWithoutAVX512())
        let listed = Set(list.split(separator: ",").map(String.init)).subtracting(["SSE2Slow"])
        let expected = Set(Self.cpuinfoFlags.filter { _, flags in flags.contains(where: cpu.contains) }.keys)
        #expect(listed == expected, "asm=\(list); /proc/cpuinfo has \(cpu.sorted())")
        #expect(!list.contains("AVX512"))
        #expect(x264Parameters(for: VideoOptions()).contains("asm=\(list)"))
        #endif
    }

    /// x264 logs the extensions it ended up using when an encoder opens ("using cpu capabilities:
    /// …"); that line must name the CPU's AVX2 when it has it (so the line is the real list) and never
    /// AVX-512. On a CPU with AVX-512 this fails if the `asm=` setting stops reaching x264.
    @Test("x264 itself reports using no AVX-512", .x86_64Only)
    func x264UsesNoAVX512() throws {
        #if arch(x86_64) && os(Linux)
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let lines = try LibavLogCapture.capture {
            let encoder = try VideoEncoder(url: directory.appendingPathComponent("cpu.mp4"), width: 64, height: 64, fps: 30)
            try encoder.append(try testPattern(width: 64, height: 64, frame: 0))
            try encoder.finish()
        }
        let capabilities = try #require(lines.first { $0.contains("using cpu capabilities:") },
                                        "x264 logged no capabilities line; it logged \(lines)")
        #expect(!capabilities.contains("AVX512"), "\(capabilities)")
        if let cpu = Self.cpuinfo(), cpu.contains("avx2") {
            #expect(capabilities.contains("AVX2"), "\(capabilities)")
        }
        #endif
    }

    /// `--threads auto` is the fast mode: no `asm=` list, so x264 detects the CPU itself and runs its
    /// AVX-512 kernels where the CPU has them. Fails if the reproducible list reaches this encode.
    @Test("with automatic threads x264 uses every kernel the CPU has, AVX-512 included", .x86_64Only)
    func automaticThreadsUseEveryKernel() throws {
        #if arch(x86_64) && os(Linux)
        let automatic = try VideoOptions(encoderThreads: VideoOptions.automaticEncoderThreads)
        #expect(!x264Parameters(for: automatic).contains("asm="), "\(x264Parameters(for: automatic))")
        #expect(!x264Parameters(for: automatic).contains("lookahead-threads"))
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let lines = try LibavLogCapture.capture {
            let encoder = try VideoEncoder(url: directory.appendingPathComponent("auto.mp4"), width: 64, height: 64,
                                           fps: 30, options: automatic)
            try encoder.append(try testPattern(width: 64, height: 64, frame: 0))
            try encoder.finish()
        }
        let capabilities = try #require(lines.first { $0.contains("using cpu capabilities:") },
                                        "x264 logged no capabilities line; it logged \(lines)")
        if let cpu = Self.cpuinfo(), cpu.isSuperset(of: ["avx512f", "avx512bw", "avx512dq", "avx512vl", "avx512cd"]) {
            #expect(capabilities.contains("AVX512"), "\(capabilities)")
        }
        if let cpu = Self.cpuinfo(), cpu.contains("avx2") {
            #expect(capabilities.contains("AVX2"), "\(capabilities)")
        }
        #endif
    }
}

#if arch(x86_64) && os(Linux)
/// Collects libav's log lines (libx264's included) while a body runs, at the verbose level.
/// libav's log callback and level are process-wide, so both are restored afterwards.
enum LibavLogCapture {
    private final class Lines: @unchecked Sendable {
        let lock = NSLock()
        var lines: [String] = []
    }

    private static let collected = Lines()

    /// libav's log callback: formats the line and keeps it (nothing reaches stderr meanwhile).
    /// Swift cannot spell a C function type taking `va_list`, so the callback takes the pointer
    /// that x86-64 passes for one and is cast to libav's type (hence x86-64 Linux only).
    private static let record: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = { _, level, format, arguments in
        guard let format, let arguments, level <= AV_LOG_VERBOSE else { return }
        var buffer = [CChar](repeating: 0, count: 1024)
        _ = vsnprintf(&buffer, buffer.count, format, CVaListPointer(_fromUnsafeMutablePointer: arguments))
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        collected.lock.withLock { collected.lines.append(line) }
    }

    static func capture(_ body: () throws -> Void) throws -> [String] {
        collected.lock.withLock { collected.lines = [] }
        let level = av_log_get_level()
        av_log_set_level(AV_LOG_VERBOSE)
        // The callback's C type, which Swift can use but not spell, is inferred from the setter;
        // libav's default callback is found by name for the same reason.
        func install<Callback>(_ callback: UnsafeRawPointer?, with set: (Callback) -> Void) {
            set(unsafeBitCast(callback, to: Callback.self))
        }
        install(unsafeBitCast(record, to: UnsafeRawPointer.self), with: av_log_set_callback)
        defer {
            install(UnsafeRawPointer(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "av_log_default_callback")),
                    with: av_log_set_callback)
            av_log_set_level(level)
        }
        try body()
        return collected.lock.withLock { collected.lines }
    }
}
#endif
