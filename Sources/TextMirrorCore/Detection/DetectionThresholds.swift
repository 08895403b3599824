/// The detector's two decision thresholds (the element's `text-threshold` and `box-threshold`),
/// passed with each job so a change while playing applies from the next detection on.
public struct DetectionThresholds: Equatable, Sendable {
    /// Probability above which a pixel of the text map counts as text.
    public var text: Double
    /// Mean probability a box needs to be kept.
    public var box: Double

    public init(
        text: Double = ElementProperties.textThreshold.defaultValue,
        box: Double = ElementProperties.boxThreshold.defaultValue
    ) {
        self.text = text
        self.box = box
    }
}
