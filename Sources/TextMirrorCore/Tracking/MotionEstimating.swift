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

/// Something that measures motion between consecutive frames (sparse optical flow in the
/// plugin; scripted motions in tests). Stateful: it remembers what it needs of the previous
/// frame.
///
/// Split in two like `TextDetecting`: `prepare` runs on the streaming thread while the frame is
/// mapped and copies what `estimate` needs (a small gray picture); `estimate` needs only that
/// copy, so it could run on another thread, one call at a time, in frame order (the engine runs
/// it on the streaming thread; see `MirrorEngine.process` for why). `regions` are frame pixels.
public protocol MotionEstimating: AnyObject, Sendable {
    func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> GrayImage
    /// Motion from the picture given to the previous `estimate` to this one; nil for the first
    /// picture after creation or `reset`.
    func estimate(_ picture: GrayImage, regions: [PixelBox]) -> FrameMotion?
    /// Forgets the previous picture (caps change, flush, tracking switched back on).
    func reset()
    /// Measurements that failed so far (the engine warns about them).
    var failures: FailureTally { get }
}

extension MotionEstimating {
    /// An estimator that cannot fail.
    public var failures: FailureTally { FailureTally() }
}
