import Flipbook
import FlipbookTestSupport
import FlipbookTesting
import Foundation
import Testing

// readme-example:begin
@Test func partyLooksRight() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("party.json")
    let party = try SceneFile(contentsOf: file).makeTimeline()
    assertFrames(of: party, at: [0, 0.5, 1.2], matching: "Snapshots/party", tolerance: .psnr(45))
}
// readme-example:end

@Test("the README shows the FlipbookTesting example above, word for word")
func readmeShowsTheExample() throws {
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let example = try #require(source.components(separatedBy: "// readme-example:begin\n").last?
        .components(separatedBy: "// readme-example:end").first)
    let readme = try String(contentsOf: packageFile("README.md"), encoding: .utf8)
    #expect(readme.contains("```swift\nimport FlipbookTesting\nimport Testing\n\n" + example + "```\n"),
            "README.md's FlipbookTesting example differs from Tests/FlipbookTestingTests/ReadmeExampleTests.swift")
}
