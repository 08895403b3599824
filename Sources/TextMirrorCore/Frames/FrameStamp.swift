/// When a frame was shown, in GStreamer's terms (nanoseconds; `nil` where unknown). Detection
/// results carry the stamp of the frame they were computed on, so consumers can tell how old
/// they are.
public struct FrameStamp: Equatable, Sendable {
    public var pts: UInt64?
    public var duration: UInt64?
    public var streamTime: UInt64?
    public var runningTime: UInt64?

    public init(pts: UInt64? = nil, duration: UInt64? = nil, streamTime: UInt64? = nil, runningTime: UInt64? = nil) {
        self.pts = pts
        self.duration = duration
        self.streamTime = streamTime
        self.runningTime = runningTime
    }
}
