@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// A shop card: a title or a sale badge (`if`), and a group with one text per product (`repeat`).
private let shop = """
    {
      "parameters": {
        "products": {"type": "list", "default": []},
        "sale": {"type": "bool", "default": false},
        "title": {"type": "string", "default": "Shop"}
      },
      "size": [64, 36], "scale": 1, "fps": 10, "duration": 0.2,
      "layers": [
        {"scene": "text", "text": "{{title}}", "if": "!{{sale}}"},
        {"scene": "text", "text": "SALE", "if": "{{sale}}"},
        {"scene": "group", "layers": [
          {"scene": "text", "text": "{{index}}. {{item.name}} {{item.price}}", "start": "{{index}}",
           "repeat": {"for": "item", "in": "{{products}}"}, "if": "{{item.shown}}"}
        ]}
      ]
    }
    """

/// Templates with parts: a layer's `"if"` and `"repeat"`, and the `list` parameter type.
@Suite struct TemplatePartsTests {
    /// The file's layers as JSON objects, as the scene file writes them.
    private func layers(_ file: SceneFile) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: file.jsonData()) as? [String: Any])
        return object["layers"] as? [[String: Any]] ?? []
    }

    private func texts(_ layers: [[String: Any]]) -> [String] { layers.compactMap { $0["text"] as? String } }

    private let five = #"[{"name": "Tea", "price": 3, "shown": true}, {"name": "Cake", "price": 4.5, "shown": true}, "#
        + #"{"name": "Pie", "price": 5, "shown": true}, {"name": "Jam", "price": 2, "shown": true}, "#
        + #"{"name": "Bun", "price": 1, "shown": true}]"#

    @Test func repeatMakesOneCopyPerItemInOrder() throws {
        let file = try decodeScene(shop).with(["products": five])
        let top = try layers(file)
        #expect(texts(top) == ["Shop"])
        let children = try #require(top.last?["layers"] as? [[String: Any]])
        #expect(texts(children) == ["0. Tea 3", "1. Cake 4.5", "2. Pie 5", "3. Jam 2", "4. Bun 1"])
        // A string that is exactly {{index}} takes the number; the parts' keys are gone.
        #expect(children.map { $0["start"] as? Double } == [0, 1, 2, 3, 4])
        #expect(children.allSatisfy { $0["repeat"] == nil && $0["if"] == nil })
        #expect(try file.makeTimeline().layers.count == 2)
    }

    @Test func ifKeepsALayerForEachValueAndItsNegation() throws {
        let on = try layers(try decodeScene(shop).with(["sale": "true", "products": "[]"]))
        #expect(texts(on) == ["SALE"] && on.count == 2 && (on.last?["layers"] as? [Any] ?? []).isEmpty)
        let off = try layers(try decodeScene(shop).with(["sale": "false", "products": "[]"]))
        #expect(texts(off) == ["Shop"])
        // An item's own field can leave its copy out.
        let some = try layers(try decodeScene(shop).with(
            ["products": #"[{"name": "A", "price": 1, "shown": false}, {"name": "B", "price": 2, "shown": true}]"#]))
        #expect(texts(try #require(some.last?["layers"] as? [[String: Any]])) == ["1. B 2"])
    }

    @Test func aListComesAsJSONOrSeparatedByBars() throws {
        let source = """
            {"parameters": {"names": {"type": "list"}}, "size": [64, 36], "scale": 1, "duration": 0.1,
             "layers": [{"scene": "text", "text": "- {{n}}", "repeat": {"for": "n", "in": "{{names}}"}}]}
            """
        #expect(texts(try layers(try decodeScene(source).with(["names": "a|b|c"]))) == ["- a", "- b", "- c"])
        #expect(texts(try layers(try decodeScene(source).with(["names": #"["a", 2, true]"#]))) == ["- a", "- 2", "- true"])
        #expect(texts(try layers(try decodeScene(source).with(["names": ""]))).isEmpty)
        // A data file's rows give the same values: a CSV field's bars, a JSON row's list.
        let csv = try TemplateData(Data("id,names\n1,x|y|z\n".utf8), format: .csv, source: "rows.csv")
        let json = try TemplateData(Data(#"[{"id": 1, "names": ["x", "y", "z"]}]"#.utf8), format: .json, source: "rows.json")
        for data in [csv, json] {
            let values = data.rows[0].values.filter { $0.key == "names" }
            #expect(texts(try layers(try decodeScene(source).with(values))) == ["- x", "- y", "- z"])
        }
    }

    @Test func badListValuesSayWhatAListIs() {
        let file = try? decodeScene(shop)
        let requirement = TemplateParameter.listRequirement
        let cases: [(String, String)] = [
            ("[1, 2", "products must be \(requirement); it is '[1, 2'. It is not a JSON list at column 6: "
                + "malformed JSON: expected ',' or ']' after a value in an array but found the end of the file."),
            ("[[1]]", "products must be \(requirement); it is '[[1]]'. Item 1 is a list; an item is a string, a number, "
                + "true/false or an object of those."),
            (#"[{"a": {"b": 1}}]"#, "products must be \(requirement); it is '[{\"a\": {\"b\": 1}}]'. Item 1's field 'a' is "
                + "an object; an item is a string, a number, true/false or an object of those."),
            ("[" + Array(repeating: "1", count: 1_000_000).joined(separator: ",") + "]",
             "products must be \(requirement); it is a list of more than 1000 items. A list may hold at most 1000 items."),
            (String(repeating: "a|", count: 1000),
             "products must be \(requirement); it is a list of more than 1000 items. A list may hold at most 1000 items."),
        ]
        for (value, message) in cases {
            let error = expectFlipbookError(.invalidInput) { _ = try file?.with(["products": value]) }
            #expect(error?.description == message)
        }
    }

    @Test func badPartsAreErrorsAtTheirPlace() throws {
        func template(_ layer: String) -> String {
            """
            {"parameters": {"items": {"type": "list"}, "flag": {"type": "bool"}, "title": {"type": "string"}},
             "layers": [{"scene": "group", "layers": [\(layer)]}]}
            """
        }
        let cases: [(String, String)] = [
            (#"{"scene": "text", "text": "x", "if": "{{title}}"}"#,
             "test.json:2:80: layers[0].layers[0].if must name a bool parameter; 'title' is a string parameter."),
            (#"{"scene": "text", "text": "x", "if": "flag"}"#,
             "test.json:2:80: layers[0].layers[0].if must be \"{{flag}}\" or \"!{{flag}}\", naming a bool parameter; "
                + "it is a string (\"flag\")."),
            (#"{"scene": "text", "text": "x", "repeat": {"for": "t", "in": "{{title}}"}}"#,
             "test.json:2:103: layers[0].layers[0].repeat.in must name a list parameter; 'title' is a string parameter."),
            (#"{"scene": "text", "text": "x", "repeat": {"for": "title", "in": "{{items}}"}}"#,
             "test.json:2:92: layers[0].layers[0].repeat.for must be a new name; 'title' is a parameter of the template."),
            (#"{"scene": "text", "text": "{{item}}"}"#,
             "test.json:2:70: 'item' is not a parameter of this template. Did you mean 'items'? Parameters: items, flag, title."),
            (#"{"scene": "text", "text": "{{title.name}}"}"#,
             "test.json:2:70: '{{title.name}}': 'title' is a parameter, and only a repeat's item has fields "
                + "({{item.name}} inside a layer with \"repeat\": {\"for\": \"item\", …})."),
        ]
        for (layer, message) in cases {
            let error = expectFlipbookError(.invalidInput) { _ = try decodeScene(template(layer)) }
            #expect(error?.description == message)
        }
        // Repeats nest at most eight deep: the ninth is refused where it is.
        var nested = #"{"scene": "text", "text": "x"}"#
        for depth in (0..<9).reversed() {
            nested = #"{"scene": "group", "repeat": {"for": "v\#(depth)", "in": "{{items}}"}, "layers": [\#(nested)]}"#
        }
        let deep = expectFlipbookError(.invalidInput) { _ = try decodeScene(template(nested)) }
        #expect(deep?.message == "layers[0].layers[0]" + String(repeating: ".layers[0]", count: 8)
            + ".repeat sits inside 8 other repeats; repeats nest at most 8 deep.")
    }

    @Test func aMissingFieldNamesTheItem() throws {
        let file = try decodeScene(shop)
        let error = expectFlipbookError(.invalidInput) {
            _ = try file.with(["products": #"[{"name": "Tea", "price": 3, "shown": true}, {"nmae": "Cake", "price": 4, "shown": true}]"#])
        }
        #expect(error?.description == "test.json:12:33: layers[2].layers[0].text uses {{item.name}}, but item 2 of 'products' "
            + "has no field 'name'. Did you mean 'nmae'? Its fields: nmae, price, shown.")
        let notObject = expectFlipbookError(.invalidInput) { _ = try file.with(["products": "Tea"]) }
        #expect(notObject?.description == "test.json:13:63: layers[2].layers[0].if uses {{item.shown}}, but item 1 of "
            + "'products' is a string (\"Tea\"), not an object with fields.")
        let notBool = expectFlipbookError(.invalidInput) {
            _ = try file.with(["products": #"[{"name": "Tea", "price": 3, "shown": "yes"}]"#])
        }
        #expect(notBool?.description == "test.json:13:63: layers[2].layers[0].if must be true or false; {{item.shown}} is "
            + "a string (\"yes\") in item 1 of 'products'.")
    }

    @Test func theReferenceAndSchemaListThePartsAndTheListType() throws {
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(SceneReference.jsonSchema().utf8)) as? [String: Any])
        let layers = try #require((schema["properties"] as? [String: Any])?["layers"] as? [String: Any])
        let kinds = try #require((layers["items"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        #expect(!kinds.isEmpty && kinds.allSatisfy { ($0["properties"] as? [String: Any])?.keys.contains("repeat") == true })
        let declaration = try #require(SceneReference.fileSections.first { $0.title == "Template parameter" })
        #expect(declaration.parameters.first { $0.key == "type" }?.type == "string|number|color|image|bool|list")
    }

    @Test func repeatsInsideRepeatsAreBounded() throws {
        let source = """
            {"parameters": {"rows": {"type": "list"}},
             "layers": [{"scene": "group", "repeat": {"for": "a", "in": "{{rows}}"}, "layers": [
               {"scene": "group", "repeat": {"for": "b", "in": "{{rows}}"}, "layers": [
                 {"scene": "text", "text": "{{a}}{{b}}", "repeat": {"for": "c", "in": "{{rows}}"}}]}]}]}
            """
        let many = "[" + (0..<30).map(String.init).joined(separator: ",") + "]"  // 30 + 900 + 27000 copies
        let error = expectFlipbookError(.invalidInput) { _ = try decodeScene(source).with(["rows": many]) }
        #expect(error?.description == "test.json:4:56: layers[0].layers[0].layers[0].repeat would make more than 10000 layers "
            + "in all (repeats inside repeats multiply); a template's repeats make at most 10000.")
        // A file nested past the reader's depth is refused before anything else reads it.
        let tooDeep = String(repeating: #"{"scene": "group", "layers": ["#, count: 300) + String(repeating: "]}", count: 300)
        let nesting = expectFlipbookError(.invalidInput) {
            _ = try decodeScene(#"{"parameters": {"rows": {"type": "list"}}, "layers": ["# + tooDeep + "]}")
        }
        #expect(nesting?.message.contains("at most 512 levels of nesting") == true)
    }
}
