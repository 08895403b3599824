/// A tool's command line read front to back: what every tool's option parser shares (an
/// option's value, a number in a range, a whole number), with one wording for bad usage.
/// Each tool keeps its own `switch` over option names, which is its usage text in code.
public struct ArgumentList {
    private var rest: ArraySlice<String>

    public init(_ arguments: [String]) {
        rest = arguments[...]
    }

    /// The next argument: an option name or a positional one.
    public mutating func next() -> String? {
        rest.popFirst()
    }

    /// The value that follows `option`.
    public mutating func value(for option: String) throws(ToolError) -> String {
        guard let next = rest.popFirst() else { throw ToolError.usage("\(option) needs a value") }
        return next
    }

    /// The number that follows `option`, within `range`.
    public mutating func number(for option: String, in range: ClosedRange<Double>) throws(ToolError) -> Double {
        let text = try value(for: option)
        guard let n = Double(text), n.isFinite, range.contains(n) else {
            let wanted =
                range.upperBound == .greatestFiniteMagnitude
                ? "of at least \(Self.shown(range.lowerBound))"
                : "in \(Self.shown(range.lowerBound))...\(Self.shown(range.upperBound))"
            throw ToolError.usage("\(option) wants a number \(wanted), not \"\(text)\"")
        }
        return n
    }

    /// A non-negative number (no upper limit: the tool clamps where it must).
    public mutating func number(for option: String) throws(ToolError) -> Double {
        try number(for: option, in: 0...Double.greatestFiniteMagnitude)
    }

    /// The whole number of at least 1 that follows `option` (frames, runs).
    public mutating func count(for option: String) throws(ToolError) -> Int {
        let text = try value(for: option)
        guard let n = Int(text), n > 0 else { throw ToolError.usage("\(option) wants a positive number, not \"\(text)\"") }
        return n
    }

    private static func shown(_ bound: Double) -> String {
        bound == bound.rounded() ? String(Int(bound)) : String(bound)
    }
}
