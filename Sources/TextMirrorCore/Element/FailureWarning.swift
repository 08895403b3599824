/// Turns one stage's `FailureTally` into warnings for the element: one at the stage's first
/// failure, then at most one every `interval` nanoseconds while it keeps failing, each saying
/// how many failures since the previous warning and what the last one said.
public struct FailureWarning: Sendable, Equatable {
    /// Five seconds: a stage failing on every frame gives a line now and then, not a flood.
    public static let interval: UInt64 = 5_000_000_000

    /// What failed, as the warning names it ("Text detection").
    public let stage: String
    /// What the element does instead, as the warning says it ("the previous boxes stay").
    public let fallback: String
    private var reportedCount = 0
    private var reportedAt: UInt64 = 0

    public init(stage: String, fallback: String = "the previous boxes stay") {
        self.stage = stage
        self.fallback = fallback
    }

    /// The warning to post now (`now` in monotonic nanoseconds), or nil.
    public mutating func message(for tally: FailureTally, now: UInt64) -> String? {
        guard tally.count > reportedCount else { return nil }
        if reportedCount > 0, now &- reportedAt < Self.interval { return nil }
        let new = tally.count - reportedCount
        reportedCount = tally.count
        reportedAt = now
        let times = new == 1 ? "once" : "\(new) times"
        return "\(stage) failed \(times) (\(fallback)): \(tally.lastError ?? "unknown error")"
    }
}
