/// The frame rate assumed where frames carry no timestamp (detection cadence, frame clock).
public enum AssumedFrameRate {
    public static let framesPerSecond = 30.0
    /// One frame at that rate, in nanoseconds (rounded down, as GStreamer stamps 30 fps).
    public static let frameInterval = UInt64(1e9 / framesPerSecond)
}
