import Foundation

/// The studio's page: plain HTML, CSS and JavaScript, the files `studio.html`, `studio.css` and
/// `studio.js` beside this one. SwiftPM embeds their bytes in the binary (`.embedInCode` in
/// Package.swift), so the page has no build step, fetches nothing from elsewhere, and the server
/// needs no resource bundle beside it: `flipbook-studio` works wherever `flipbook studio` finds it.
enum StudioPage {
    static let html = Data(PackageResources.studio_html)
    static let script = Data(PackageResources.studio_js)
    static let style = Data(PackageResources.studio_css)
}
