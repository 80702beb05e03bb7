// Everything that draws also speaks the core's vocabulary: geometry, colours, paths, errors.
@_exported import FlipbookCore
