import FlipbookAnimation
import Foundation

/// The column in the file of the `offset`-th Unicode scalar of the JSON string whose opening quote
/// is at `line`:`column` of `bytes`, counting columns as ``JSONReader`` does (characters, not
/// bytes). Escapes take more columns than the scalar they stand for (`\n` two, `\u00e9` six), so
/// the value's own offset is not enough to point at a placeholder inside it.
///
/// Returns `column` itself if the string cannot be found where it is said to be.
func columnInJSONString(_ bytes: [UInt8], line: Int, column: Int, offset: Int) -> Int {
    // The line's first byte: after a byte order mark on line 1, as the reader counts.
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var currentLine = 1
    while currentLine < line, index < bytes.count {
        if bytes[index] == UInt8(ascii: "\n") { currentLine += 1 }
        index += 1
    }
    // To the opening quote, column by column.
    var currentColumn = 1
    while currentColumn < column, index < bytes.count {
        index += 1
        while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        currentColumn += 1
    }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return column }
    index += 1
    currentColumn += 1
    var scalars = 0
    while scalars < offset, index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
            let width = escapeWidth(bytes, at: index)
            index += width
            currentColumn += width
        } else {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            currentColumn += 1
        }
        scalars += 1
    }
    return currentColumn
}

/// How many bytes (all ASCII, so columns too) the escape at `index` takes: two, six for `\uXXXX`,
/// twelve for a surrogate pair, which stands for one scalar.
private func escapeWidth(_ bytes: [UInt8], at index: Int) -> Int {
    guard bytes[index + 1] == UInt8(ascii: "u"), index + 6 <= bytes.count,
          let high = UInt32(String(decoding: bytes[index + 2..<index + 6], as: UTF8.self), radix: 16)
    else { return 2 }
    if (0xD800...0xDBFF).contains(high), index + 12 <= bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
       bytes[index + 7] == UInt8(ascii: "u"),
       let low = UInt32(String(decoding: bytes[index + 8..<index + 12], as: UTF8.self), radix: 16),
       (0xDC00...0xDFFF).contains(low) {
        return 12
    }
    return 6
}
