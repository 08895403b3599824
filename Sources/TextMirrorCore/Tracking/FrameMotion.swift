/// How the picture moved from the previous frame to this one: for the whole picture, and for
/// each region asked about (the tracked boxes, as they were in the previous frame).
public struct FrameMotion: Sendable, Equatable {
    /// Nil when it could not be estimated (the first frame, a cut, a featureless picture).
    public var global: Motion?
    /// One per region asked about, in the same order; nil where the region had too few
    /// features that agree (its box then follows `global`).
    public var regions: [Motion?]
    /// One per region: true where the region had features enough but they went different
    /// ways (the picture cut, something covered the text). Too few features to tell (tiny
    /// text) is not lost.
    public var lost: [Bool]

    public init(global: Motion?, regions: [Motion?], lost: [Bool]? = nil) {
        self.global = global
        self.regions = regions
        self.lost = lost ?? regions.map { _ in false }
    }
}
