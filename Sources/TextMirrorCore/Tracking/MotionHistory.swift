/// The last few frames' motions, keyed by frame time, so a result computed on an older frame
/// can be brought up to date: a detection that ran on frame N and arrives at frame N+k is moved
/// by the motion accumulated from N to N+k before it is blended in.
///
/// Each entry holds the motion *into* its frame (from the frame before). Per-frame motions are
/// kept rather than running products, so nothing drifts however long the stream runs; the
/// product over at most `capacity` entries is formed only when a detection arrives.
public struct MotionHistory: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var time: UInt64
        public var motion: Motion
    }

    /// Two seconds at 60 fps: well past any detection latency worth compensating.
    public static let defaultCapacity = 120

    public let capacity: Int
    public private(set) var entries: [Entry] = []

    public init(capacity: Int = defaultCapacity) {
        precondition(capacity > 0, "capacity must be positive")
        self.capacity = capacity
        entries.reserveCapacity(capacity)
    }

    /// Records the frame at `time` and how the picture moved into it.
    public mutating func append(time: UInt64, motion: Motion) {
        if entries.count == capacity { entries.removeFirst() }
        entries.append(Entry(time: time, motion: motion))
    }

    public var newestTime: UInt64? { entries.last?.time }

    /// The motion from the frame at `time` to the newest frame; identity when `time` is the
    /// newest. Nil when no frame with that time is remembered (too old, or never seen).
    public func accumulated(since time: UInt64) -> Motion? {
        guard let index = entries.lastIndex(where: { $0.time == time }) else { return nil }
        var total = Motion.identity
        for entry in entries[(index + 1)...] { total = total.then(entry.motion) }
        return total
    }

    public mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }
}
