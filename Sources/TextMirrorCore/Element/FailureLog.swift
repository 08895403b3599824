import Synchronization

/// A `FailureTally` shared between the thread where a stage fails (the detection queue) and
/// the streaming thread that warns about it.
public final class FailureLog: Sendable {
    private let tally = Mutex(FailureTally())

    public init() {}

    public func record(_ error: any Error) {
        tally.withLock { $0.record(error) }
    }

    public var failures: FailureTally { tally.withLock { $0 } }
}
