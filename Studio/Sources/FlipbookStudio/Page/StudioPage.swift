import Foundation

/// The studio's page: plain HTML, CSS and JavaScript, the files `studio.html`, `studio.css`,
/// `studio.js` and `controls.js` (the parameters' and settings' controls) beside this one. SwiftPM
/// embeds their bytes in the binary (`.embedInCode` in Package.swift), so the page has no build
/// step, fetches nothing from elsewhere, and the server needs no resource bundle beside it:
/// `flipbook-studio` works wherever `flipbook studio` finds it.
enum StudioPage {
    /// One file the page loads, at its path on the server.
    struct Asset: Sendable {
        var path: String
        var bytes: Data
        var type: String
    }

    static let html = Data(PackageResources.studio_html)

    /// The page's scripts and style. They are the same for every studio and hold nothing of the
    /// scene, so they are served without the token: the page's `<script>` and `<link>` cannot carry it.
    static let assets = [
        Asset(path: "/studio.js", bytes: Data(PackageResources.studio_js), type: "text/javascript; charset=utf-8"),
        Asset(path: "/controls.js", bytes: Data(PackageResources.controls_js), type: "text/javascript; charset=utf-8"),
        Asset(path: "/studio.css", bytes: Data(PackageResources.studio_css), type: "text/css; charset=utf-8"),
    ]

    /// Whether `path` is one of ``assets``.
    static func isAsset(_ path: String) -> Bool { assets.contains { $0.path == path } }
}
