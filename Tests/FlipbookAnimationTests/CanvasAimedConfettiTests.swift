import Foundation
import Testing
@testable import FlipbookAnimation
import FlipbookDrawing

/// `ConfettiScene(bursts:seed:)` aims at the canvas it is drawn on.
@Suite("Confetti aimed at the canvas it is drawn on")
struct CanvasAimedConfettiTests {
    func frame(_ scene: any Scene, size: CGSize, time: TimeInterval) throws -> Data {
        let timeline = try Timeline(size: size, fps: 30, duration: 2, background: .white, layers: [Timeline.Layer(scene)])
        var bitmap = try timeline.makeBitmap()
        timeline.draw(at: time, into: &bitmap)
        return try bitmap.pngData()
    }

    @Test("draws exactly what the scene made for that size draws", arguments: [
        CGSize(width: 200, height: 300), CGSize(width: 320, height: 180),
    ])
    func sameAsSizedScene(size: CGSize) throws {
        let bursts = [ConfettiBurst(), ConfettiBurst(time: 0.4, count: 50)]
        let aimed = try ConfettiScene(bursts: bursts, seed: 9)
        let sized = try ConfettiScene(size: size, bursts: bursts, seed: 9)
        #expect(aimed.particles.isEmpty)
        for time in [0.3, 0.8, 1.3] {
            let a = try frame(aimed, size: size, time: time)
            let b = try frame(sized, size: size, time: time)
            #expect(a == b, "t = \(time)")
        }
    }

    @Test("frames drawn on several threads at once equal frames drawn in order")
    func concurrentFrames() throws {
        let size = CGSize(width: 160, height: 240)
        let inOrder = try (0..<12).map { try frame(ConfettiScene(bursts: [ConfettiBurst(count: 80)], seed: 4), size: size, time: Double($0) / 10) }
        let shared = try ConfettiScene(bursts: [ConfettiBurst(count: 80)], seed: 4)
        let results = ConcurrentResults(count: 12)
        DispatchQueue.concurrentPerform(iterations: 12) { index in
            results.set(index, try? frame(shared, size: size, time: Double(11 - index) / 10))
        }
        for index in 0..<12 {
            #expect(results.get(11 - index) == inOrder[index], "frame \(index)")
        }
    }

    @Test("bad bursts are refused when the scene is made")
    func validation() {
        expectInvalidInput("bursts[0].count must be between 1 and 100000 particles; it is 500000.",
                           at: .init(keyPath: "bursts[0].count")) {
            _ = try ConfettiScene(bursts: [ConfettiBurst(count: 500_000)])
        }
    }
}

private final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Data?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Data?) { lock.lock(); values[index] = value; lock.unlock() }
    func get(_ index: Int) -> Data? { lock.lock(); defer { lock.unlock() }; return values[index] }
}
