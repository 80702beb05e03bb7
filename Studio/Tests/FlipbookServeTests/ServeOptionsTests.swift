import FlipbookServe
import Foundation
import Testing

@Suite("flipbook serve's options")
struct ServeOptionsTests {
    @Test("a host other than loopback needs a token; --jobs is bounded")
    func refusesUnsafeOptions() throws {
        let data = URL(fileURLWithPath: "/nonexistent")
        #expect(throws: (any Error).self) { try ServeOptions(data: data, host: "0.0.0.0").validate() }
        #expect(throws: (any Error).self) { try ServeOptions(data: data, jobs: 0).validate() }
        try ServeOptions(data: data, host: "0.0.0.0", token: "s3cret", jobs: 4).validate()
    }
}
