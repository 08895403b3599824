/// A line of text found by the detector: where it is (frame pixels) and how sure the detector is.
public struct TextBox: Equatable, Sendable {
    public var box: PixelBox
    /// Mean text probability inside the box, 0...1.
    public var score: Double
    /// The box was fitted to its ink on the frame it was detected on (`InkFitting`): its
    /// centre, size and tilt are the ink's, not the detector's estimate.
    public var fitted: Bool
    /// What the recognizer read in the box (`LineReader`); nil when it was not read.
    public var reading: TextReading?
    /// One of the phrases the fit parted a detected line into (`InkRefinement.phrases`): the
    /// tracker does not join it to another such phrase again.
    public var isPhrase: Bool

    public init(
        box: PixelBox, score: Double, fitted: Bool = false, reading: TextReading? = nil, isPhrase: Bool = false
    ) {
        self.box = box
        self.score = score
        self.fitted = fitted
        self.reading = reading
        self.isPhrase = isPhrase
    }
}
