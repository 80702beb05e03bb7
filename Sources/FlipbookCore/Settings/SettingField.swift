import Foundation

extension Setting {
    /// Where a setting's value goes and how it is read: a key path into the value that carries it
    /// (`VideoOptions.crf`, `SceneRequest.fps`, `RenderRequest.time`) and the ``SettingFormat`` of
    /// its values. The command line, batch files and the studio read every setting through its
    /// field, so none of them copies a setting by hand.
    public struct Field: @unchecked Sendable {
        // Key paths to stored properties are immutable; the box holds nothing else.
        fileprivate let box: any FieldBox

        /// An optional value: `nil` until the setting is given.
        public init<Root, Value>(_ path: WritableKeyPath<Root, Value?>, _ format: SettingFormat<Value>) {
            box = OptionalFieldBox(path: path, format: format)
        }

        /// A value that always has one (its default until the setting is given).
        public init<Root, Value>(_ path: WritableKeyPath<Root, Value>, _ format: SettingFormat<Value>) {
            box = PlainFieldBox(path: path, format: format)
        }

        /// The type the value lives in.
        public var carrier: Any.Type { box.carrier }

        /// Reads `input` as `setting`'s value into `root`; `false`, with `root` untouched, when the
        /// value does not live in a `Root`.
        public func read<Root>(_ input: SettingInput, as setting: Setting, into root: inout Root) throws -> Bool {
            try box.read(input, as: setting, into: &root)
        }

        /// The value in `root` as listings show it; `nil` when it is not set or does not live in a `Root`.
        public func text<Root>(in root: Root) -> String? { box.text(in: root) }

        /// The value in `root` as a plan's JSON lists it; `nil` when it is not set or does not live in a `Root`.
        public func listed<Root>(in root: Root) -> ListedValue? { box.listed(in: root) }

        /// The value in `root` when it is a `Value`; `nil` when it is not set or does not live in a `Root`.
        public func value<Root, Value>(_ type: Value.Type, in root: Root) -> Value? { box.value(in: root) as? Value }

        /// How a message shows `text` as the user wrote it, when the format says (``SettingFormat/shown``).
        public func shown(_ text: String) -> String? { box.shown(text) }
    }
}

private protocol FieldBox {
    var carrier: Any.Type { get }
    func read<Root>(_ input: SettingInput, as setting: Setting, into root: inout Root) throws -> Bool
    func text<Root>(in root: Root) -> String?
    func listed<Root>(in root: Root) -> ListedValue?
    func value<Root>(in root: Root) -> Any?
    func shown(_ text: String) -> String?
}

private struct OptionalFieldBox<Carrier, Value>: FieldBox {
    let path: WritableKeyPath<Carrier, Value?>
    let format: SettingFormat<Value>
    var carrier: Any.Type { Carrier.self }

    func read<Root>(_ input: SettingInput, as setting: Setting, into root: inout Root) throws -> Bool {
        guard let path = path as? WritableKeyPath<Root, Value?> else { return false }
        root[keyPath: path] = try format.read(input, as: setting)
        return true
    }

    func text<Root>(in root: Root) -> String? {
        guard let path = path as? KeyPath<Root, Value?>, let value = root[keyPath: path] else { return nil }
        return format.text(value)
    }

    func listed<Root>(in root: Root) -> ListedValue? {
        guard let path = path as? KeyPath<Root, Value?>, let value = root[keyPath: path] else { return nil }
        return format.listed(value)
    }

    func value<Root>(in root: Root) -> Any? {
        guard let path = path as? KeyPath<Root, Value?> else { return nil }
        return root[keyPath: path]
    }

    func shown(_ text: String) -> String? { format.shown?(text) }
}

private struct PlainFieldBox<Carrier, Value>: FieldBox {
    let path: WritableKeyPath<Carrier, Value>
    let format: SettingFormat<Value>
    var carrier: Any.Type { Carrier.self }

    func read<Root>(_ input: SettingInput, as setting: Setting, into root: inout Root) throws -> Bool {
        guard let path = path as? WritableKeyPath<Root, Value> else { return false }
        root[keyPath: path] = try format.read(input, as: setting)
        return true
    }

    func text<Root>(in root: Root) -> String? {
        guard let path = path as? KeyPath<Root, Value> else { return nil }
        return format.text(root[keyPath: path])
    }

    func listed<Root>(in root: Root) -> ListedValue? {
        guard let path = path as? KeyPath<Root, Value> else { return nil }
        return format.listed(root[keyPath: path])
    }

    func value<Root>(in root: Root) -> Any? {
        guard let path = path as? KeyPath<Root, Value> else { return nil }
        return root[keyPath: path]
    }

    func shown(_ text: String) -> String? { format.shown?(text) }
}
