@testable import FlipbookAnimation
@testable import FlipbookSceneFile
import Foundation
import Testing

/// The registry of layer kinds is the one list the scene file's names, keys and reference come from.
@Suite struct LayerKindTests {
    @Test("Each kind's blank content names its kind, in the registry's order")
    func contentNamesItsKind() {
        let kinds = SceneFile.Layer.kinds
        #expect(kinds.map { $0.name } == SceneFile.Layer.sceneNames)
        #expect(kinds.map { $0.blankSceneName } == SceneFile.Layer.sceneNames)
        #expect(SceneReference.scenes.map(\.name) == SceneFile.Layer.sceneNames)
        #expect(Set(SceneFile.Layer.sceneNames).count == kinds.count)
    }

    @Test("A kind is found by its name alone")
    func kindsByName() {
        #expect(SceneFile.Layer.kind(named: "group").map { ObjectIdentifier($0) } == ObjectIdentifier(SceneFile.GroupParameters.self))
        #expect(SceneFile.Layer.kind(named: "Group") == nil)
        #expect(SceneFile.Layer.kind(named: "fireworks") == nil)
    }

    @Test("--strict reaches the Lottie layers inside groups, and leaves the others as they were")
    func strictLottieInGroups() throws {
        var file = try decodeScene(#"""
            {"layers": [{"scene": "group", "layers": [{"scene": "lottie", "src": "a.json"}, {"scene": "text", "text": "x"}]},
                        {"scene": "lottie", "src": "b.json", "strict": false}]}
            """#)
        file.makeLottieStrict()
        guard case .group(let group)? = file.layers?.first?.content, case .lottie(let inner)? = group.layers.first?.content,
              case .lottie(let outer)? = file.layers?.last?.content else {
            Issue.record("the layers changed kind")
            return
        }
        #expect(inner.strict == true && outer.strict == true)
        #expect(group.layers.last?.content == .text(SceneFile.TextParameters(text: "x")))
    }
}

private extension LayerKind {
    /// The scene name of this kind's blank parameters, as the layer content reports it.
    static var blankSceneName: String { blank.content.sceneName }
}
