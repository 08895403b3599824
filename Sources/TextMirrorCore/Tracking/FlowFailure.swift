/// Why the flow could not run, in words.
public struct FlowFailure: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}
