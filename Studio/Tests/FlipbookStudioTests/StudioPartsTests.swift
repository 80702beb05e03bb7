import Flipbook
@testable import FlipbookStudio
import Foundation
import Testing

@Suite("Studio list and bool parameters")
struct StudioPartsTests {
    static let shop = packageFile("Fixtures/Templates/shop.json").path

    @Test("A list and a bool are offered as controls, read from a data row, and given back as the clip they make")
    func listAndBool() async throws {
        let studio = try await StudioHarness.start(scene: Self.shop)
        let info = try #require(try await studio.get("/api/info").json)
        let parameters = try #require(info["parameters"] as? [[String: Any]])
        let kinds = Dictionary(uniqueKeysWithValues: parameters.map { ($0["name"] as? String ?? "", $0["kind"] as? String ?? "") })
        #expect(kinds["products"] == "list" && kinds["discount"] == "bool")
        #expect(parameters.first { $0["name"] as? String == "products" }?["defaultValue"] as? String
            == #"[{"name": "Tea", "price": "€3"}]"#)
        // The page draws a bool as a checkbox and a list as a text area.
        let script = try await studio.get("/controls.js").text
        #expect(script.contains("box.type = 'checkbox'") && script.contains("createElement('textarea')"))

        // A data row's list comes as the JSON text --set takes, and the clip it makes has its layers.
        let data = try #require(try await studio.get("/api/data", [("file", "shop.jsonl")]).json)
        let row = try #require((data["rows"] as? [[String: String]])?.first)
        #expect(row["discount"] == "true")
        let products = try #require(row["products"])
        #expect(products.hasPrefix(#"[{"name": "Tea", "price": "€3"}, {"name": "Cake""#))
        let given = try #require(try await studio.get("/api/info", [("set", "products=" + products), ("set", "discount=true"),
                                                                     ("set", "length=3.5")]).json)
        #expect(given["problem"] == nil, "\(given["problem"] ?? "")")
        #expect((given["layers"] as? [Any])?.count == 3 && given["frameCount"] as? Int == 35)
        let plain = try #require(try await studio.get("/api/info", [("set", "products=Tea|Cake"), ("set", "discount=false")]).json)
        // Plain strings have no fields: the clip's problem says so, at the card that uses one.
        let problem = try #require(plain["problem"] as? [String: Any])
        #expect((problem["message"] as? String)?.contains("uses {{product.name}}, but item 1 of 'products' is a string") == true)
        await studio.stop()
    }
}
