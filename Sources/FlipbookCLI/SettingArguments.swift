import ArgumentParser
import Flipbook

// A command's options are declared as the parser needs them, one property per flag, named by the
// row's key or flag; the values given are found by those names and read through the rows' fields
// (``RenderRequest/set(_:to:)``), so no command copies a setting by hand.

/// A parsed property wrapper's value, whatever its type.
protocol ParsedArgument {
    var parsedValue: Any { get }
}

extension Option: ParsedArgument {
    var parsedValue: Any { wrappedValue }
}

extension Flag: ParsedArgument {
    var parsedValue: Any { wrappedValue }
}

extension OptionGroup: ParsedArgument {
    var parsedValue: Any { wrappedValue }
}

extension ParsableArguments {
    /// Every setting this command's options and option groups were given, in declaration order: a
    /// property named by a row's key or flag (`crf`, `keyint`) whose row has a field, holding a value
    /// (an option given, a flag turned on).
    var givenSettings: [(setting: Setting, value: Any)] {
        var found: [(setting: Setting, value: Any)] = []
        for child in Mirror(reflecting: self).children {
            guard let label = child.label, let argument = child.value as? ParsedArgument else { continue }
            let value = argument.parsedValue
            if let group = value as? any ParsableArguments {
                found += group.givenSettings
                continue
            }
            guard let setting = settingRow(forProperty: String(label.drop { $0 == "_" })),
                  let given = presentValue(value), (given as? Bool) != false else { continue }
            found.append((setting, given))
        }
        return found
    }

    /// The flags of ``givenSettings``, for placing errors.
    var givenSettingFlags: Set<String> { Set(givenSettings.compactMap(\.setting.option)) }

    /// `request` with every setting given here read into it.
    func applied(to request: RenderRequest) throws -> RenderRequest {
        var request = request
        for (setting, value) in givenSettings { try request.set(setting, to: .parsed(value)) }
        return request
    }
}

/// The row with a field whose key or flag names the property `name` (`keyint`, `pixelFormat`).
private func settingRow(forProperty name: String) -> Setting? {
    Settings.all.first { row in
        row.field != nil && (row.key == name || row.flag.map(camelCased) == name)
    }
}

/// `pixel-format` → `pixelFormat`.
private func camelCased(_ flag: String) -> String {
    let words = flag.split(separator: "-")
    return (words.first.map(String.init) ?? "") + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
}

/// The value inside an optional, or `nil` for an empty one; other values as they are.
private func presentValue(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    return mirror.children.first?.value
}

/// Written values by flag (`--fps` → `29.5`), from a request's by key.
func writtenByFlag(_ request: RenderRequest) -> [String: String] {
    Dictionary(uniqueKeysWithValues: request.written.byKey.map { (Settings.option(forKey: $0.key) ?? $0.key, $0.value) })
}
