/// The outcome of one detection: the boxes and the frame they belong to.
public struct Detection: Equatable, Sendable {
    public var boxes: [TextBox]
    public var stamp: FrameStamp
    /// Which configuration (frame size and format) the boxes belong to; results of an older
    /// generation are dropped, never applied to a renegotiated stream.
    public var generation: UInt64
}
