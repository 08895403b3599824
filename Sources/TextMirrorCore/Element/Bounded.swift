/// A setting's number kept within its range. The range and the default of each numeric
/// property of the element are written once, on the settings field that holds the value:
///
///     @Bounded(0.1...120.0) public var detectionRate = 30.0
///
/// The C element installs its param specs from them (`textmirror_properties`, filled from
/// TextMirrorPlugin/SettingsConversions.swift). A value set outside the range is brought into it
/// and a NaN leaves the value as it was, so every path in (the element, the tools, tests) gets
/// the same rule. `$field` is the wrapper itself: its range and `clamped(_:)`.
@propertyWrapper
public struct Bounded<Value: Comparable & Sendable>: Sendable, Equatable {
    public let range: ClosedRange<Value>
    private var value: Value

    public init(wrappedValue: Value, _ range: ClosedRange<Value>) {
        precondition(range.contains(wrappedValue), "default outside its range")
        self.range = range
        value = wrappedValue
    }

    public var wrappedValue: Value {
        get { value }
        // `newValue == newValue` is false only for NaN, which has no place in a range.
        set { if newValue == newValue { value = clamped(newValue) } }
    }

    public var projectedValue: Bounded {
        get { self }
        set { self = newValue }
    }

    /// `candidate` brought into the range.
    public func clamped(_ candidate: Value) -> Value {
        min(max(candidate, range.lowerBound), range.upperBound)
    }
}
