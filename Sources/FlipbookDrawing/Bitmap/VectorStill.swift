import CCairo
import Foundation

extension Bitmap {
    /// A vector file format for ``writeVector(to:format:size:_:)``.
    public enum VectorFormat: String, Sendable, CaseIterable {
        /// A one-page PDF.
        case pdf
        /// An SVG document.
        case svg
    }

    /// Draws a picture with a ``CairoCanvas`` straight into a vector file (PDF or SVG), written
    /// atomically.
    ///
    /// The page is `size` points; the context's user space is points with y pointing down, as for
    /// bitmaps at scale 1. Shapes stay vectors; what has no vector form (a filtered group, see
    /// ``CairoCanvas/addFilter(_:options:)``) or what a format cannot express (e.g. some blend modes in
    /// SVG) is rasterized at 4 pixels per point (288 dpi); ``writeVector(to:format:size:rasterScale:_:)``
    /// chooses another resolution. ``CairoCanvas/BlendMode/plusDarker`` is drawn as multiply here.
    ///
    /// The same drawing gives the same bytes: a PDF's creation date is `SOURCE_DATE_EPOCH` when the
    /// environment sets it (seconds since 1970, the reproducible-builds convention) and
    /// 1970-01-01T00:00:00Z otherwise, never the time of writing; an SVG's element names do not depend
    /// on what else the process drew.
    ///
    /// - Throws: an error thrown by `body`, the first drawing problem (see ``drawingIssue``), or a
    ///   ``FlipbookError`` when the size is not positive and finite, `SOURCE_DATE_EPOCH` is malformed
    ///   (PDF only), or the file cannot be written (kind ``FlipbookError/Kind/diskFull`` when the disk
    ///   or the quota is full). In every case nothing is left at `url` (a file already there is kept).
    public static func writeVector(
        to url: URL, format: VectorFormat, size: CGSize, _ body: (inout CairoCanvas, CGSize) throws -> Void
    ) throws {
        try writeVector(to: url, format: format, size: size, rasterScale: CGFloat(vectorFilterScale), body)
    }

    /// Draws a picture with a ``CairoCanvas`` straight into a vector file (PDF or SVG), written
    /// atomically, rasterizing what cannot stay vector at `rasterScale` pixels per point.
    ///
    /// Everything else is as in ``writeVector(to:format:size:_:)``. Filtered groups (a blur, a shadow,
    /// a colour matrix: filters have no vector form) and Cairo's own fallback images (what the format
    /// cannot express) are drawn at `rasterScale` pixels per point, `72 × rasterScale` dpi, so a page
    /// drawn at a timeline's scale has, where it is rasterized, the pixels a PNG of that timeline has.
    /// A resolution at which the whole page would pass 16,777,216 pixels (256 MiB while filtering) is
    /// lowered to the largest that does not.
    ///
    /// - Parameter rasterScale: Pixels per point for rasterized parts; a positive, finite number.
    /// - Throws: as ``writeVector(to:format:size:_:)`` does, and a ``FlipbookError`` of kind
    ///   ``FlipbookError/Kind/invalidInput`` when `rasterScale` is not positive and finite.
    public static func writeVector(
        to url: URL, format: VectorFormat, size: CGSize, rasterScale: CGFloat,
        _ body: (inout CairoCanvas, CGSize) throws -> Void
    ) throws {
        try writeVector(to: url, format: format, size: size, rasterScale: rasterScale, environment: EnvironmentValues(), body)
    }

    /// Draws a picture into a vector file as ``writeVector(to:format:size:rasterScale:_:)`` does, in
    /// `environment`: its colour scheme decides what semantic and asset-catalog colours draw as.
    public static func writeVector(
        to url: URL, format: VectorFormat, size: CGSize, rasterScale: CGFloat, environment: EnvironmentValues,
        _ body: (inout CairoCanvas, CGSize) throws -> Void
    ) throws {
        try writeVector(to: url, format: format, size: size, rasterScale: rasterScale, environment: environment,
                        symbols: [:], body)
    }

    /// Draws a picture into a vector file as ``writeVector(to:format:size:rasterScale:environment:_:)``
    /// does, with `symbols` the closure resolves by id (``CairoCanvas/resolveSymbol(id:)``), as SwiftUI's
    /// `Canvas(symbols:)` passes its views. Each copy of a symbol is drawn as vectors.
    public static func writeVector(
        to url: URL, format: VectorFormat, size: CGSize, rasterScale: CGFloat, environment: EnvironmentValues,
        symbols: [AnyHashable: Symbol], _ body: (inout CairoCanvas, CGSize) throws -> Void
    ) throws {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw FlipbookError.invalidInput(
                "Cannot write \(url.path): a \(format.rawValue.uppercased()) page must have a positive, finite size; \(size.width)×\(size.height) points was requested.")
        }
        guard rasterScale.isFinite, rasterScale > 0 else {
            throw FlipbookError.invalidInput(
                "Cannot write \(url.path): the raster scale must be a positive, finite number of pixels per point; \(rasterScale) was requested.")
        }
        let scale = vectorRasterScale(requested: Double(rasterScale), page: size)
        let what = format.rawValue.uppercased()
        var creationDate: String?
        if format == .pdf {
            do {
                creationDate = try PDFCreationDate.current()
            } catch let error as FlipbookError {
                throw FlipbookError(error.kind, "Cannot write \(url.path): \(error.message)")
            }
        }
        try writeAtomically(to: url, what: what) { temporary in
            // A PDF streams into its file as Cairo writes it; an SVG is collected in memory, since its
            // element names are renumbered before it is written.
            let stream = VectorStream(
                file: format == .pdf ? try OutputDescriptor(creating: temporary, what: what, destination: url) : nil)
            try withExtendedLifetime(stream) {
                try drawVector(into: stream, url: url, format: format, size: size, rasterScale: scale,
                               creationDate: creationDate, environment: environment, symbols: symbols, body)
            }
            if format == .svg {
                let svg = String(decoding: stream.collected, as: UTF8.self)
                try writeNewFile(Data(SVGIdentifiers.renumbered(svg).utf8), at: temporary, what: what, destination: url)
            }
        }
    }

    /// Draws `body` on a Cairo PDF or SVG surface writing into `stream`, rasterizing at `rasterScale`
    /// pixels per point, and finishes the document. A failed write is reported with its reason (a full
    /// disk as kind `.diskFull`), naming `url`.
    private static func drawVector(
        into stream: VectorStream, url: URL, format: VectorFormat, size: CGSize, rasterScale: Double,
        creationDate: String?, environment: EnvironmentValues, symbols: [AnyHashable: Symbol],
        _ body: (inout CairoCanvas, CGSize) throws -> Void
    ) throws {
        let what = format.rawValue.uppercased()
        let closure = Unmanaged.passUnretained(stream).toOpaque()
        let created: OpaquePointer?
        switch format {
        case .pdf:
            created = cairo_pdf_surface_create_for_stream(VectorStream.write, closure, Double(size.width), Double(size.height))
        case .svg:
            created = cairo_svg_surface_create_for_stream(VectorStream.write, closure, Double(size.width), Double(size.height))
        }
        guard let surface = created else {
            throw FlipbookError(.internal, "Cannot write the \(what) \(url.path): Cairo could not create the surface.")
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw FlipbookError.cairo(status, while: "Creating the \(what) \(url.path)")
        }
        // Cairo's fallback images (what the format cannot express) at the filtered groups' resolution,
        // so everything rasterized in the file agrees.
        cairo_surface_set_fallback_resolution(surface, 72 * rasterScale, 72 * rasterScale)
        if let creationDate {
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, creationDate)
        }
        let session = try DrawingSession(surface: surface, size: size, scale: 1, isRaster: false, environment: environment,
                                         symbols: symbols)
        session.vectorRasterScale = rasterScale
        defer { session.finish() }
        var context = CairoCanvas(session: session)
        try body(&context, size)
        session.finish()
        if let issue = session.issue { throw issue }
        cairo_surface_finish(surface)
        let finishStatus = cairo_surface_status(surface)
        if let file = stream.file {
            // Cairo only says "write error"; the stream kept the system's reason.
            let closed = file.close()
            if file.failure != 0 || !closed {
                throw FlipbookError.writeFailed(what, path: url.path, errno: file.failure)
            }
        }
        guard finishStatus == CAIRO_STATUS_SUCCESS else {
            throw FlipbookError.cairo(finishStatus, while: "Writing the \(what) \(url.path)")
        }
    }
}
