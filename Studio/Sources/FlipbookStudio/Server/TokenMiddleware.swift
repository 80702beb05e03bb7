import Foundation
import Hummingbird

/// Refuses, with 401, every request that does not carry the token (as `?token=` or as
/// `Authorization: Bearer TOKEN`), but for the page's own scripts and style (``StudioPage/assets``).
struct TokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if StudioPage.isAsset(request.uri.path) { return try await next(request, context) }
        let given = request.uri.queryParameters["token"].map(String.init)
            ?? request.headers[.authorization].flatMap { value in
                value.hasPrefix("Bearer ") ? String(value.dropFirst("Bearer ".count)) : nil
            }
        guard let given, Self.equal(given, token) else {
            return Responses.error(StudioError(
                status: 401, "This studio needs its token: open the URL it printed (with ?token=…), or send Authorization: Bearer TOKEN."))
        }
        return try await next(request, context)
    }

    /// Compares every byte, so the time taken does not tell how much of a guess was right.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0
    }
}
