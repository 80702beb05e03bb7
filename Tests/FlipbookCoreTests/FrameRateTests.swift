import FlipbookCore
import Foundation
import Testing

@Suite("FrameRate")
struct FrameRateTests {
    @Test("literals: whole numbers mean themselves, 23.976/29.97/59.94 the NTSC rationals")
    func literals() {
        let thirty: FrameRate = 30
        let ntsc: FrameRate = 29.97
        #expect(thirty.numerator == 30 && thirty.denominator == 1)
        #expect(ntsc == FrameRate(30000, 1001))
        #expect((23.976 as FrameRate) == FrameRate(24000, 1001))
        #expect((59.94 as FrameRate) == FrameRate(60000, 1001))
        #expect((60.0 as FrameRate) == FrameRate(60))
        #expect(FrameRate(60000, 2002) == FrameRate(30000, 1001))
    }

    @Test("frame times are exact rationals: frame 30 at 29.97 fps starts at 1.001 s")
    func frameTimes() {
        let ntsc = FrameRate(30000, 1001)
        #expect(ntsc.time(ofFrame: 30) == 1.001)
        #expect(ntsc.time(ofFrame: 30_000) == 1001)
        #expect(FrameRate(60).time(ofFrame: 90) == 1.5)
        #expect(ntsc.frameCount(forDuration: 10) == 300)
        #expect(FrameRate(60).frameCount(forDuration: 1e300) == nil)
    }

    @Test("written as 30, 29.97 or 30000/1001", arguments: [
        ("30", FrameRate(30)), ("29.97", FrameRate(30000, 1001)), ("30000/1001", FrameRate(30000, 1001)),
        (" 24000/1001 ", FrameRate(24000, 1001)), ("59.94", FrameRate(60000, 1001)), ("1000", FrameRate(1000)),
    ])
    func parsing(text: String, rate: FrameRate) throws {
        #expect(try FrameRate(parsing: text) == rate)
    }

    @Test("anything else is refused with the list of supported rates, a number as written and other text quoted",
          arguments: ["0", "-30", "1001", "12.5", "abc", "30/0", "1/2/3", "nan", "1e400", ""])
    func refused(text: String) {
        let shown = ["0", "-30", "1001", "12.5"].contains(text) ? text : "\"\(text)\""
        #expect {
            _ = try FrameRate(parsing: text)
        } throws: { error in
            let error = error as? FlipbookError
            return error?.kind == .invalidInput
                && error?.message == "The frame rate \(FrameRate.requirement); it is \(shown)."
        }
    }

    @Test("validate() names the rate as people write it")
    func validate() {
        #expect(throws: Never.self) { try FrameRate(29.97).validate() }
        #expect {
            try FrameRate(12.5).validate()
        } throws: { error in
            (error as? FlipbookError)?.message == "The frame rate \(FrameRate.requirement); it is 25/2."
        }
    }

    @Test("Codable: whole rates as numbers, NTSC rates as exact ratios; decimals accepted")
    func codable() throws {
        let encoded = try JSONEncoder().encode([FrameRate(30), FrameRate(30000, 1001)])
        #expect(String(decoding: encoded, as: UTF8.self) == #"[30,"30000\/1001"]"#)
        let decoded = try JSONDecoder().decode([FrameRate].self, from: Data(#"[30, 29.97, "60000/1001"]"#.utf8))
        #expect(decoded == [FrameRate(30), FrameRate(30000, 1001), FrameRate(60000, 1001)])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([FrameRate].self, from: Data("[0]".utf8)) }
    }

    @Test("description: as people write it; exactDescription: as files keep it")
    func descriptions() {
        #expect(FrameRate(30000, 1001).description == "29.97")
        #expect(FrameRate(30000, 1001).exactDescription == "30000/1001")
        #expect(FrameRate(24).description == "24")
    }
}
