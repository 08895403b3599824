/// How the picture moved from the previous frame to this one: for the whole picture, and for
/// each region asked about (the tracked boxes, as they were in the previous frame).
public struct FrameMotion: Sendable, Equatable {
    /// Nil when it could not be estimated (the first frame, a cut, a featureless picture).
    public var global: Motion?
    /// One per region asked about, in the same order; nil where the region had too few
    /// features that agree (its box then follows `global`).
    public var regions: [Motion?]

    public init(global: Motion?, regions: [Motion?]) {
        self.global = global
        self.regions = regions
    }
}

/// Something that measures motion between consecutive frames (sparse optical flow in the
/// plugin; scripted motions in tests). Stateful: it remembers what it needs of the previous
/// frame.
///
/// `estimate` is called on the streaming thread once per frame, before the frame is mirrored,
/// with the frame still mapped; it must copy whatever it keeps. `regions` are frame pixels.
public protocol MotionEstimating: AnyObject, Sendable {
    /// Motion from the previous frame given to `estimate` to this one; nil for the first frame
    /// after creation or `reset`.
    func estimate(_ frame: FrameBuffer, layout: FrameLayout, regions: [PixelBox]) -> FrameMotion?
    /// Forgets the previous frame (caps change, flush, tracking switched back on).
    func reset()
}
