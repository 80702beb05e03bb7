@testable import FlipbookAnimation
import Foundation
import Testing

@Suite struct SeededRandomTests {
    @Test func xoshiroMatchesTheReferenceImplementation() {
        // The first outputs of xoshiro256** from state {1, 2, 3, 4} (reference C code by Blackman & Vigna).
        var random = SeededRandom(state: (1, 2, 3, 4))
        #expect(random.next() == 11520)
        #expect(random.next() == 0)
        #expect(random.next() == 1_509_978_240)
        #expect(random.next() == 1_215_971_899_390_074_240)
    }

    @Test func seedingUsesSplitMix64() {
        // SplitMix64 from 0 gives 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f, 0xf88bb8a8724c81ec.
        let random = SeededRandom(seed: 0)
        #expect(random.state.0 == 0xE220_A839_7B1D_CDAF)
        #expect(random.state.1 == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.state.2 == 0x06C4_5D18_8009_454F)
        #expect(random.state.3 == 0xF88B_B8A8_724C_81EC)
    }

    @Test func sameSeedSameSequenceDifferentSeedDifferentSequence() {
        var a = SeededRandom(seed: 42), b = SeededRandom(seed: 42), c = SeededRandom(seed: 43)
        let sa = (0..<100).map { _ in a.next() }
        let sb = (0..<100).map { _ in b.next() }
        let sc = (0..<100).map { _ in c.next() }
        #expect(sa == sb)
        #expect(sa != sc)
    }

    @Test func streamsAreIndependent() {
        var a = SeededRandom(seed: 7, streams: 1, 0, 0)
        var b = SeededRandom(seed: 7, streams: 1, 0, 1)
        var c = SeededRandom(seed: 7, streams: 1, 1, 0)
        var a2 = SeededRandom(seed: 7, streams: 1, 0, 0)
        let first = a.next()
        #expect(first == a2.next())
        #expect(first != b.next())
        #expect(first != c.next())
    }

    @Test func unitDoublesAreUniformInHalfOpenInterval() {
        var random = SeededRandom(seed: 1)
        var sum = 0.0
        var buckets = [Int](repeating: 0, count: 10)
        for _ in 0..<100_000 {
            let u = random.nextUnit()
            #expect(u >= 0 && u < 1)
            sum += u
            buckets[Int(u * 10)] += 1
        }
        #expect(abs(sum / 100_000 - 0.5) < 0.005)
        // Each tenth holds 10 000 ± 5σ (σ ≈ 95).
        #expect(buckets.allSatisfy { abs($0 - 10_000) < 475 })
    }

    @Test func indicesCoverTheRange() {
        var random = SeededRandom(seed: 3)
        var seen = Set<Int>()
        for _ in 0..<1000 {
            let i = random.index(below: 6)
            #expect((0..<6).contains(i))
            seen.insert(i)
        }
        #expect(seen.count == 6)
        #expect(random.index(below: 1) == 0)
    }

    @Test func uniformRespectsTheRange() {
        var random = SeededRandom(seed: 9)
        for _ in 0..<1000 {
            let v = random.uniform(-400...400)
            #expect(v >= -400 && v < 400)
        }
        #expect(random.uniform(5...5) == 5)
    }
}
