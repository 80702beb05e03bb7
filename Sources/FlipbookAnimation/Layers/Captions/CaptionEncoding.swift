import FlipbookDrawing
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a captions file as text: UTF-8, or UTF-16 with a byte-order mark, or any encoding
/// iconv knows when the file's layer names it (`"encoding": "windows-1252"`). A byte-order mark
/// decides over the name, as browsers let it.
enum CaptionEncoding {
    /// What names UTF-8 itself: read without iconv.
    static let utf8Names: Set<String> = ["utf-8", "utf8"]

    /// `data` decoded; `encoding` is the name given (`nil` for UTF-8), `keyPath` where it was given.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) at `keyPath`'s `encoding` for a name iconv does not
    ///   know; at `path` and the line of the first byte that is not in the encoding.
    static func text(of data: Data, encoding: String?, path: String, keyPath: String = "") throws -> String {
        let converter = try encoding.flatMap { utf8Names.contains($0.lowercased()) ? nil : try Converter(from: $0, keyPath: keyPath) }
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { return try utf8(data.dropFirst(3), path: path) }
        if data.starts(with: [0xFF, 0xFE]) { return try Converter(from: "UTF-16LE").text(of: data.dropFirst(2), path: path) }
        if data.starts(with: [0xFE, 0xFF]) { return try Converter(from: "UTF-16BE").text(of: data.dropFirst(2), path: path) }
        guard let converter else { return try utf8(data, path: path) }
        return try converter.text(of: data, path: path)
    }

    /// What to write so another encoding is read.
    static let hint = #"name its encoding with "encoding" on the layer (flipbook captions --encoding), such as "windows-1252""#

    /// `data` as UTF-8, refused at the line of the first byte that is not.
    private static func utf8(_ data: Data, path: String) throws -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        // Not UTF-8: find the first byte that is not, scalar by scalar.
        var iterator = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return String(decoding: data, as: UTF8.self)
            case .error:
                let before = data.prefix(offset)
                let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
                let column = offset - (before.lastIndex(of: 0x0A).map { $0 - data.startIndex + 1 } ?? 0) + 1
                let byte = String(format: "0x%02X", data[data.startIndex + offset])
                throw captionError(path, line: line, "the file is not UTF-8 (byte \(byte) at column \(column)); \(hint)")
            }
        }
    }

    /// An iconv conversion from one encoding to UTF-8.
    private final class Converter {
        let name: String
        private let descriptor: iconv_t

        init(from name: String, keyPath: String = "") throws {
            // glibc reads an empty name (and some of punctuation alone) as the locale's encoding,
            // which would make the same file read differently on another machine.
            guard name.contains(where: { $0.isASCII && ($0.isLetter || $0.isNumber) }),
                  let descriptor = iconv_open("UTF-8", name), descriptor != iconv_t(bitPattern: -1)
            else {
                let key = joinKeyPath(keyPath, "encoding")
                throw FlipbookError.mustBe(key, "an encoding iconv knows, such as windows-1252, iso-8859-2, gb2312, shift_jis "
                                               + "or utf-16", itIs: "\"\(name)\"")
            }
            self.name = name
            self.descriptor = descriptor
        }

        deinit { iconv_close(descriptor) }

        /// `data` converted, refused at the line of the first byte sequence not in the encoding.
        func text(of data: Data, path: String) throws -> String {
            var input = [CChar](repeating: 0, count: data.count)
            _ = input.withUnsafeMutableBytes { data.copyBytes(to: $0) }
            var output: [UInt8] = []
            output.reserveCapacity(data.count + data.count / 2)
            var chunk = [CChar](repeating: 0, count: 1 << 16)
            var failure: Int32?
            input.withUnsafeMutableBufferPointer { inputBuffer in
                var inPointer = inputBuffer.baseAddress
                var inLeft = inputBuffer.count
                chunk.withUnsafeMutableBufferPointer { chunkBuffer in
                    // One pass with the input, then one without, which ends any shift state.
                    for flushing in [false, true] {
                        while flushing || inLeft > 0 {
                            var outPointer = chunkBuffer.baseAddress
                            var outLeft = chunkBuffer.count
                            let result = flushing ? iconv(descriptor, nil, nil, &outPointer, &outLeft)
                                : iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                            let written = chunkBuffer.count - outLeft
                            output += UnsafeRawBufferPointer(start: chunkBuffer.baseAddress, count: written)
                            if result != -1 { break }
                            if errno != E2BIG {
                                failure = errno
                                return
                            }
                        }
                    }
                }
            }
            if let failure {
                let line = output.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
                let problem = failure == EINVAL ? "ends inside a character" : "has bytes that are not"
                throw captionError(path, line: line, "the file \(problem) \(name); \(hint)")
            }
            return String(decoding: output, as: UTF8.self)
        }
    }
}
