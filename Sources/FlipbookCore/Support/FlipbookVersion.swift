/// Flipbook's version, which `flipbook --version` prints, a bundle's manifest records and the render
/// service's identity of a job includes (the same inputs under another version may draw other bytes).
public enum FlipbookVersion {
    /// This build's version.
    public static let current = "0.1.0"
}
