import FlipbookAnimation
import FlipbookDrawing
import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// The data files of template batches: CSV (RFC 4180, with a header), JSON Lines and JSON lists.
@Suite struct TemplateDataTests {
    func csv(_ text: String) throws -> TemplateData {
        try TemplateData(Data(text.utf8), format: .csv, source: "rows.csv")
    }

    func expectError(_ description: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
        let error = expectFlipbookError(.invalidInput, sourceLocation: sourceLocation, body)
        #expect(error?.description == description, sourceLocation: sourceLocation)
    }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let data = try csv(#"""
            id,name,note
            1,"Smith, Jane","She said ""hi"""
            2,"Two
            lines",plain
            3,Zoë,
            "4",Åsa,"a, ""b"", c"
            """#)
        #expect(data.columns == ["id", "name", "note"] && data.columnsLine == 1)
        #expect(data.rows.map(\.number) == [1, 2, 3, 4])
        // A row's line is where it starts; a field's line break moves the rows after it down.
        #expect(data.rows.map(\.line) == [2, 3, 5, 6])
        #expect(data.rows[0].values == ["id": "1", "name": "Smith, Jane", "note": "She said \"hi\""])
        #expect(data.rows[1].values == ["id": "2", "name": "Two\nlines", "note": "plain"])
        // An empty field gives no value, so the parameter's default applies.
        #expect(data.rows[2].values == ["id": "3", "name": "Zoë"])
        #expect(data.rows[3].values == ["id": "4", "name": "Åsa", "note": "a, \"b\", c"])
    }

    @Test func lineEndingsByteOrderMarkAndBlankLines() throws {
        let text = "\u{FEFF}id,name\r\n1,\"A\r\nB\"\r\n\r\n2,C\r\n"
        let data = try TemplateData(Data(text.utf8), format: .csv, source: "rows.csv")
        #expect(data.columns == ["id", "name"])
        #expect(data.rows.map(\.values) == [["id": "1", "name": "A\r\nB"], ["id": "2", "name": "C"]])
        #expect(data.rows.map(\.line) == [2, 5])
    }

    @Test func quotingErrorsHaveALineAndAColumn() {
        expectError("rows.csv:3:5: a quote inside a field that does not start with one; put the whole field in quotes "
                    + "and write each quote in it twice (\"\").") { _ = try csv("id,name\n1,A\n2,Bo\"b\n") }
        expectError("rows.csv:2:8: 'x' after the quote that closes a field; a comma or the end of the line must follow it "
                    + "(a quote inside a quoted field is written twice: \"\").") { _ = try csv("id,name\n1,\"Ann\"x\n") }
        expectError("rows.csv:3:3: the quoted field that starts here is never closed: a '\"' is missing.") {
            _ = try csv("id,name\n1,A\n2,\"B\n3,C\n")
        }
        expectError("rows.csv:3: row 2 has 3 fields; the header names 2 columns (a field holding a comma goes in quotes).") {
            _ = try csv("id,name\n1,A\n2,Smith, Jane\n")
        }
        expectError("rows.csv:1: the header names the column 'id' twice.") { _ = try csv("id,name,id\n1,A,2\n") }
        expectError("rows.csv:1: column 2 of the header has no name.") { _ = try csv("id,,name\n1,A,2\n") }
        expectError("rows.csv has no rows: there is nothing to render.") { _ = try csv("id,name\n") }
        expectError("rows.csv:2: rows.csv is not UTF-8 text: the bytes on this line are not UTF-8.") {
            _ = try TemplateData(Data([0x61, 0x0A, 0x62, 0xFF, 0x0A]), format: .csv, source: "rows.csv")
        }
    }

    @Test func jsonLinesAndAJSONListReadAlike() throws {
        let lines = try TemplateData(Data("""
            {"id": "c1", "name": "Ada", "count": 12, "big": true}

            {"id": "c2", "name": "Zoë", "accent": null, "count": 1e2}
            """.utf8), format: .jsonl, source: "rows.jsonl")
        let list = try TemplateData(Data("""
            [
              {"id": "c1", "name": "Ada", "count": 12, "big": true},
              {"id": "c2", "name": "Zoë",
               "accent": null, "count": 1e2}
            ]
            """.utf8), format: .json, source: "rows.json")
        #expect(lines.rows.map(\.values) == list.rows.map(\.values))
        #expect(lines.rows.map(\.values) == [["id": "c1", "name": "Ada", "count": "12", "big": "true"],
                                             ["id": "c2", "name": "Zoë", "count": "1e2"]])
        #expect(lines.columns == ["id", "name", "count", "big", "accent"] && list.columns == lines.columns)
        #expect(lines.rows.map(\.line) == [1, 3] && list.rows.map(\.line) == [2, 3])
    }

    @Test func jsonRowsMustBeFlatObjects() {
        let jsonl = { (text: String) in _ = try TemplateData(Data(text.utf8), format: .jsonl, source: "rows.jsonl") }
        expectError("rows.jsonl:2:10: malformed JSON: expected ',' or '}' after a value in an object but found 'x'.") {
            try jsonl("{\"id\": 1}\n{\"id\": 2 x}\n")
        }
        expectError("rows.jsonl:1:1: row 1 must be a JSON object ({\"column\": value, …}); it is a list.") { try jsonl("[1, 2]") }
        expectError("rows.jsonl:1:19: row 1, column 'tags': must be a string, a number, true/false or a list; it is an object.") {
            try jsonl("{\"id\": 1, \"tags\": {\"a\": 1}}")
        }
        expectError("rows.json:1:1: rows.json must hold a list of objects, one a row ([{\"name\": \"Ada\"}, …]); it holds an object.") {
            _ = try TemplateData(Data("{\"id\": 1}".utf8), format: .json, source: "rows.json")
        }
        expectError("/no/such/rows.txt is not a data file Flipbook reads: its name must end in .csv (with a header row), "
                    + ".jsonl (one JSON object a line) or .json (a list of objects).") {
            _ = try TemplateData.load(from: URL(fileURLWithPath: "/no/such/rows.txt"))
        }
    }

    @Test func theFixtureCustomersAreFiftyRows() throws {
        let data = try TemplateData.load(from: packageFile("Fixtures/Templates/customers.csv"))
        #expect(data.columns == ["id", "name", "accent"] && data.rows.count == 50)
        #expect(data.rows.contains { $0.values["name"] == "Smith, Jane" })
        #expect(data.rows.contains { $0.values["name"]?.unicodeScalars.contains { !$0.isASCII } == true })
        #expect(Set(data.rows.compactMap { $0.values["id"] }).count == 50)
    }
}
