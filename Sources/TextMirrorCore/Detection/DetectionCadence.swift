/// Decides which frames are sent to the detector: at most `rate` per second of stream time.
///
/// Stream time (not wall-clock time) makes sync mode reproducible: the same file gives the same
/// detection frames on a slow or a fast machine. Frames without a timestamp fall back to a
/// frame count at `assumedFrameRate`.
public struct DetectionCadence: Sendable {
    public var rate: Double
    private var lastTime: UInt64?
    private var framesSinceLast = 0
    private let assumedFrameRate = 30.0

    public init(rate: Double) {
        self.rate = rate
    }

    /// Call once per frame; true when this frame should be detected on.
    public mutating func isDue(at time: UInt64?) -> Bool {
        framesSinceLast += 1
        let interval = rate > 0 ? 1e9 / rate : 0
        let due: Bool
        if let time, let last = lastTime {
            // A timestamp before the last one (a seek or a new segment) restarts the cadence.
            due = time < last || Double(time - last) >= interval - 0.5
        } else if time != nil || lastTime == nil {
            due = true
        } else {
            due = Double(framesSinceLast) * 1e9 / assumedFrameRate >= interval - 0.5
        }
        if due {
            lastTime = time
            framesSinceLast = 0
        }
        return due
    }

    /// Forget the last detection time (after a flush or a caps change).
    public mutating func reset() {
        lastTime = nil
        framesSinceLast = 0
    }
}
