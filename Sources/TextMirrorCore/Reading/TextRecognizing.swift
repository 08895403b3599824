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
    /// The best class and its probability at each output step.
    func recognize(_ crop: LineCrop) throws -> (classes: [Int32], probabilities: [Float])
}
