/// The detector's two decision thresholds (the element's `text-threshold` and `box-threshold`),
/// passed with each job so a change while playing applies from the next detection on.
public struct DetectionThresholds: Equatable, Sendable {
    /// Probability above which a pixel of the text map counts as text; 0: the model's own
    /// (`DetectionModel.thresholds`). Below 1: a pixel above 1 is never found, and the detector
    /// refuses 1.
    @Bounded(0.0...0.99) public var text = 0.0
    /// Mean probability a box needs to be kept; 0: the model's own.
    @Bounded(0.0...1.0) public var box = 0.0

    public init(text: Double = 0, box: Double = 0) {
        self.text = text
        self.box = box
    }
}
