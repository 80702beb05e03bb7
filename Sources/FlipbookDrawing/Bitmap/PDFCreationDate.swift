import Foundation

/// The creation date written into PDF files.
///
/// Cairo stamps every PDF with the current time, which made two renders of the same drawing differ in
/// their bytes. Flipbook writes a fixed date instead: `SOURCE_DATE_EPOCH` when the environment sets
/// it (the reproducible-builds convention, seconds since 1970 UTC), otherwise 1970-01-01T00:00:00Z.
enum PDFCreationDate {
    /// The date for a PDF, in the ISO 8601 form Cairo's metadata call takes.
    ///
    /// - Throws: ``FlipbookError`` when `SOURCE_DATE_EPOCH` is set but is not a whole number of seconds
    ///   between 1970 and 9999.
    static func current() throws -> String {
        try iso8601(sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"])
    }

    /// The date for a given `SOURCE_DATE_EPOCH` value (`nil` when unset).
    static func iso8601(sourceDateEpoch: String?) throws -> String {
        var seconds: Int64 = 0
        if let value = sourceDateEpoch {
            // 253402300799 is 9999-12-31T23:59:59Z, the last date a PDF date string can hold.
            guard let parsed = Int64(value.trimmingCharacters(in: .whitespaces)), (0...253_402_300_799).contains(parsed)
            else {
                throw FlipbookError.invalidInput(
                    "SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 UTC (and before the year "
                        + "10000), for the PDF's creation date; it is '\(value)'.")
            }
            seconds = parsed
        }
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
