import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension TemplateParameter {
    /// The most items a `list` parameter's value may hold. Each item is a copy of a layer, and
    /// repeats nest, so the bound keeps a data row from asking for millions of layers.
    public static let maximumListItems = 1000

    static var listRequirement: String {
        "a JSON list ([\"Tea\", \"Cake\"]) or items separated by '|' (Tea|Cake), of at most \(maximumListItems) items, "
            + "each a string, a number, true/false or an object of those"
    }

    /// What is wrong with a list's text: the value as "it is" shows it, and what follows.
    struct ListProblem: Error {
        var found: String
        var followUp: String
    }

    /// The items of a list value: JSON when the text starts with `[`, else the text split at each
    /// `|` (no items for empty text).
    static func listItems(_ text: String) -> Result<[JSONValue], ListProblem> {
        let shown = "'" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "'"
        let isJSON = text.trimmingCharacters(in: .whitespaces).hasPrefix("[")
        // Counted before anything is parsed, so a list of a million items costs no more than one of a thousand.
        guard !hasMoreItems(than: maximumListItems, text, isJSON: isJSON) else {
            return .failure(ListProblem(found: "a list of more than \(maximumListItems) items",
                                        followUp: " A list may hold at most \(maximumListItems) items."))
        }
        let items: [JSONValue]
        if isJSON {
            let json: JSONValue
            do {
                json = try JSONReader.read(Data(text.utf8))
            } catch let error as FlipbookError {
                let place = error.location.column.map { " at column \($0)" } ?? ""
                return .failure(ListProblem(found: shown, followUp: " It is not a JSON list\(place): \(error.message)"))
            } catch {
                return .failure(ListProblem(found: shown, followUp: " It is not a JSON list."))
            }
            guard let elements = json.elements else {
                return .failure(ListProblem(found: shown, followUp: " It is \(json.kindDescription), not a list."))
            }
            items = elements
        } else {
            items = text.isEmpty ? [] : text.split(separator: "|", omittingEmptySubsequences: false).map { .string(String($0)) }
        }
        for (index, item) in items.enumerated() {
            if let wrong = wrongPart(of: item, allowingObject: true) {
                return .failure(ListProblem(
                    found: shown, followUp: " Item \(index + 1)\(wrong.field.map { "'s field '\($0)'" } ?? "") is "
                        + "\(wrong.value.kindDescription); an item is a string, a number, true/false or an object of those."))
            }
        }
        return .success(items)
    }

    /// Whether `text` separates more than `limit` items: `|`s, or the commas between a JSON list's
    /// elements (outside strings and nested values). It stops counting at the limit.
    private static func hasMoreItems(than limit: Int, _ text: String, isJSON: Bool) -> Bool {
        var separators = 0, depth = 0
        var inString = false, escaped = false
        for byte in text.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "|") where !isJSON: separators += 1
            case UInt8(ascii: "\"") where isJSON: inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: ",") where isJSON && depth == 1: separators += 1
            default: break
            }
            if separators >= limit { return true }
        }
        return false
    }

    /// The first part of an item that is not a string, a number or true/false (nor, at the top,
    /// an object of those), and the field it is in.
    private static func wrongPart(of item: JSONValue, allowingObject: Bool) -> (field: String?, value: JSONValue)? {
        switch item.content {
        case .string, .number, .bool: return nil
        case .object(let members) where allowingObject:
            for member in members where wrongPart(of: member.value, allowingObject: false) != nil {
                return (member.key, member.value)
            }
            return nil
        default: return (nil, item)
        }
    }
}
