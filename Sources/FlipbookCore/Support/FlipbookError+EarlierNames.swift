// The names errors had before kinds and locations (issue #11), kept so code written against them
// still compiles; each is the kind or helper that replaced it.

extension FlipbookError.Kind {
    @available(*, deprecated, renamed: "invalidInput")
    public static var invalidArgument: Self { .invalidInput }
    @available(*, deprecated, renamed: "invalidInput")
    public static var malformedInput: Self { .invalidInput }
    @available(*, deprecated, renamed: "file")
    public static var io: Self { .file }
    @available(*, deprecated, renamed: "internal")
    public static var cairo: Self { .internal }
    @available(*, deprecated, renamed: "codec")
    public static var video: Self { .codec }
}

extension FlipbookError {
    @available(*, deprecated, renamed: "invalidInput(_:at:)")
    public static func invalidArgument(_ message: String) -> FlipbookError { .invalidInput(message) }
    @available(*, deprecated, renamed: "invalidInput(_:at:)")
    public static func malformedInput(_ message: String) -> FlipbookError { .invalidInput(message) }
    @available(*, deprecated, renamed: "file(_:path:)")
    public static func io(_ message: String) -> FlipbookError { .file(message) }
}
