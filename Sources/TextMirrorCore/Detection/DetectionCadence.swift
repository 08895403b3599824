/// Decides which frames are sent to the detector: at most `rate` per second of stream time.
///
/// Stream time (not wall-clock time) makes sync mode reproducible: the same file gives the same
/// detection frames on a slow or a fast machine. Frames without a timestamp fall back to a
/// frame count at `AssumedFrameRate`.
public struct DetectionCadence: Sendable {
    public var rate: Double
    private var lastTime: UInt64?
    private var framesSinceLast = 0
    private var started = false

    public init(rate: Double) {
        self.rate = rate
    }

    /// Call once per frame; true when this frame should be detected on.
    public mutating func isDue(at time: UInt64?) -> Bool {
        framesSinceLast += 1
        let interval = rate > 0 ? 1e9 / rate : 0
        let due: Bool
        if let time, let last = lastTime {
            // The distance either way: reverse playback runs stream time backwards, and keeps
            // the cadence; a jump (a new segment) is a long distance, so it detects at once.
            // 5% slack: frame timestamps are rounded down (30 fps gives 33,333,333 ns steps), so
            // at 15 Hz two frames fall a nanosecond short of the interval and, without slack,
            // every third frame would be detected (10 Hz).
            let distance = time >= last ? time - last : last - time
            due = Double(distance) >= interval * 0.95
        } else if !started || (time != nil && lastTime == nil) {
            // The first frame, or the first one with a timestamp after frames without.
            due = true
        } else {
            due = Double(framesSinceLast) * 1e9 / AssumedFrameRate.framesPerSecond >= interval * 0.95
        }
        if due {
            lastTime = time
            framesSinceLast = 0
            started = true
        }
        return due
    }

    /// Forget the last detection time (after a flush or a caps change).
    public mutating func reset() {
        lastTime = nil
        framesSinceLast = 0
        started = false
    }
}
