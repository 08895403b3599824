/// Sparse optical flow between consecutive gray pictures: what `FlowMotionEstimator` needs of
/// OpenCV (the plugin implements it over textmirror.h's textmirror_flow_*), so the estimator's
/// logic lives here, free of C, and can be tested with a scripted flow.
///
/// Coordinates are OpenCV's: the centre of pixel (i, j) is at (i, j). One flow object is used
/// by one thread at a time (the estimator's lock).
public protocol SparseFlow: AnyObject {
    /// Pictures with a shorter side are refused by `push`.
    var minimumSide: Int { get }
    /// Takes a copy of a `width` x `height` picture (rows `width` bytes apart) as the newest;
    /// the newest before it becomes the previous one. Another size starts over.
    func push(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws(FlowFailure)
    /// Forgets both pictures.
    func reset()
    /// Corners in the previous picture, area by area in the order given, at most `capacity`,
    /// and the index of the area each came from.
    func features(_ areas: [FlowArea], capacity: Int) throws(FlowFailure) -> (points: [FlowPoint], areas: [Int])
    /// Where each point of the previous picture went in the newest, starting the search at its
    /// guess, and whether it was found.
    func track(_ points: [FlowPoint], guesses: [FlowPoint]) throws(FlowFailure) -> (found: [Bool], to: [FlowPoint])
}
