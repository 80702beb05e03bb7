import Foundation

extension Setting {
    /// A range that holds for some codecs only: `0...51` for `h264` and `hevc`.
    public struct CodecRange: Sendable, Equatable, Codable {
        /// The codecs (their `--codec` names) that take this range.
        public var codecs: [String]
        /// The whole numbers allowed.
        public var bounds: ClosedRange<Int>

        /// The range `bounds` for `codecs`.
        public init(codecs: [String], bounds: ClosedRange<Int>) {
            self.codecs = codecs
            self.bounds = bounds
        }

        /// The range, as the table shows it: `0...51`.
        public var range: String { bounds.tableText }

        /// The smallest range holding every one of `ranges`; `nil` for none.
        static func union(of ranges: [CodecRange]) -> ClosedRange<Int>? {
            guard let low = ranges.map(\.bounds.lowerBound).min(), let high = ranges.map(\.bounds.upperBound).max()
            else { return nil }
            return low...high
        }

        private enum CodingKeys: String, CodingKey { case codecs, range }

        // Written as the table shows it ("range": "0...51"), which is what `flipbook settings --json` lists.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(codecs, forKey: .codecs)
            try c.encode(range, forKey: .range)
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            codecs = try c.decode([String].self, forKey: .codecs)
            let text = try c.decode(String.self, forKey: .range)
            let ends = text.components(separatedBy: "...").map { Int($0) }
            guard ends.count == 2, let low = ends[0], let high = ends[1], low <= high else {
                throw DecodingError.dataCorruptedError(
                    forKey: .range, in: c, debugDescription: "a range must read low...high; it is \"\(text)\"")
            }
            bounds = low...high
        }
    }

    /// The range `codec` (its `--codec` name) takes, when the row's ranges differ by codec.
    public func codecRange(for codec: String) -> CodecRange? {
        codecRanges.first { $0.codecs.contains(codec) }
    }

    /// The values some codec accepts: the union of ``codecRanges``; `nil` when they do not differ by codec.
    public var anyCodecBounds: ClosedRange<Int>? { CodecRange.union(of: codecRanges) }

    /// "CRF ranges: h264, hevc 0...51; vp9, av1 0...63.": every codec's range, for messages. The key
    /// reads in capitals, as the abbreviation the one such setting has.
    public var codecRangesText: String {
        key.uppercased() + " ranges: "
            + codecRanges.map { "\($0.codecs.joined(separator: ", ")) \($0.range)" }.joined(separator: "; ") + "."
    }

    /// Refuses a whole number outside `codec`'s range, naming the codec (`displayName`) and every codec's range.
    public func checkCodecRange(of value: Int, codec: String, displayName: String) throws {
        guard let range = codecRange(for: codec), !range.bounds.contains(value) else { return }
        throw mustBe("\(range.bounds.requirementText) for \(displayName)", itIs: String(value), codecRangesText)
    }
}
