/// How detection is scheduled relative to the stream (the element's `detection-mode`). Raw
/// values are textmirror.h's TextMirrorDetectionMode values.
public enum DetectionMode: UInt32, Sendable, Equatable {
    /// Async for live sources, sync otherwise: what a user wants without thinking about it.
    case auto = 0
    /// Detection runs on its own queue; frames never wait and use the newest boxes available.
    case async = 1
    /// Frames spaced by 1/rate in stream time wait for their own detection: the output depends
    /// only on the input, run after run and machine after machine.
    case sync = 2

    public func resolved(upstreamIsLive: Bool) -> DetectionMode {
        guard self == .auto else { return self }
        return upstreamIsLive ? .async : .sync
    }
}
