// `import Flipbook` is all a user writes: this target re-exports the public API of layers 2–5.
@_exported import FlipbookCore
@_exported import FlipbookDrawing
@_exported import FlipbookAudio
@_exported import FlipbookAnimation
@_exported import FlipbookSceneFile
@_exported import FlipbookVideo
@_exported import FlipbookRender
