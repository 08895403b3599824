/// How detection is scheduled relative to the stream (the element's `detection-mode`).
public enum DetectionMode: Sendable, Equatable {
    /// Async for live sources, sync otherwise: what a user wants without thinking about it.
    case auto
    /// Detection runs on its own queue; frames never wait and use the newest boxes available.
    case async
    /// Frames spaced by 1/rate in stream time wait for their own detection: the output depends
    /// only on the input, run after run and machine after machine.
    case sync

    public func resolved(upstreamIsLive: Bool) -> DetectionMode {
        guard self == .auto else { return self }
        return upstreamIsLive ? .async : .sync
    }
}
