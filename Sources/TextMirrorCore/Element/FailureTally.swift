/// The failures of a stage that runs while frames flow (the text detector, the motion
/// measurement): how many so far and what the last one said. A failed stage keeps the previous
/// boxes and the stream goes on; `FailureWarning` makes the failures visible.
public struct FailureTally: Sendable, Equatable {
    public private(set) var count = 0
    public private(set) var lastError: String?

    public init() {}

    public mutating func record(_ error: any Error) {
        count += 1
        lastError = String(describing: error)
    }
}
