/// The part of text recognition that needs a network: the best class of each output step for
/// a crop. Everything else (cutting crops, decoding, choosing the orientation, remembering
/// what was read) is `LineReader`'s, which needs no model to be tested.
public protocol TextRecognizing: AnyObject, Sendable {
    /// Rows of the crops the network reads.
    var cropHeight: Int { get }
    /// Widest crop the network reads; longer lines are squeezed to it.
    var maxCropWidth: Int { get }
    /// Turns the network's classes into text.
    var decoder: CTCDecoder { get }
    /// The best class and its probability at each output step, and the space's.
    func recognize(_ crop: LineCrop) throws -> RecognizedSteps
}

/// What the recognizer's network says at each of its output steps (one per 8 crop columns).
public struct RecognizedSteps: Sendable, Equatable {
    /// The most likely class of each step (0 the CTC blank; see `CTCDecoder`).
    public var classes: [Int32]
    /// Its probability.
    public var probabilities: [Float]
    /// The probability of the space class at each step, whichever class won it (`CTCDecoder`
    /// reads a space between two words from it); empty when not known.
    public var spaceProbabilities: [Float]

    public init(classes: [Int32], probabilities: [Float], spaceProbabilities: [Float] = []) {
        self.classes = classes
        self.probabilities = probabilities
        self.spaceProbabilities = spaceProbabilities
    }
}
