/// One number per frame for tracking: when the frame is shown, in nanoseconds. Motion history
/// is keyed by it (a detection names its frame by its stamp) and hold time is measured with
/// it, so both follow the stream, not the wall clock (sync mode stays reproducible).
///
/// The buffer timestamp is used where there is one; frames without any get the previous time
/// plus one frame at `AssumedFrameRate`, as `DetectionCadence` assumes.
public struct FrameClock: Sendable, Equatable {

    private var last: UInt64?

    public init() {}

    /// The time of a frame about to be processed.
    public mutating func time(of stamp: FrameStamp) -> UInt64 {
        let time = Self.known(stamp) ?? (last.map { $0 &+ AssumedFrameRate.frameInterval } ?? 0)
        last = time
        return time
    }

    /// The time of an earlier frame named by its stamp (a detection's), nil when the stamp
    /// carries none.
    public static func known(_ stamp: FrameStamp) -> UInt64? {
        stamp.pts ?? stamp.streamTime ?? stamp.runningTime
    }

    public mutating func reset() { last = nil }
}
