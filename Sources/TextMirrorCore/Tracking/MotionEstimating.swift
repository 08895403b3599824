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
