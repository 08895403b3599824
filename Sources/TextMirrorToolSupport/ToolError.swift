/// Why a tool could not do its job, as opposed to a figure missing its target (which is a
/// result). `runTool` prints it; a bad command line also shows the usage.
public struct ToolError: Error, CustomStringConvertible {
    public let description: String
    /// A bad command line rather than a failure while measuring.
    public let isUsage: Bool

    public init(_ description: String, isUsage: Bool = false) {
        self.description = description
        self.isUsage = isUsage
    }

    public static func usage(_ description: String) -> ToolError { ToolError(description, isUsage: true) }
}
