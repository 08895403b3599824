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

/// How points are followed (Lucas–Kanade window side, pyramid levels above the picture,
/// iterations per level and the step that ends them); fixed for the life of a flow object.
public struct FlowParameters: Sendable, Equatable {
    public var window: Int
    public var levels: Int
    public var iterations: Int
    public var epsilon: Float

    public init(window: Int, levels: Int, iterations: Int, epsilon: Float) {
        self.window = window
        self.levels = levels
        self.iterations = iterations
        self.epsilon = epsilon
    }
}

/// A point in a gray picture (OpenCV's convention).
public struct FlowPoint: Sendable, Equatable {
    public var x: Float
    public var y: Float

    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }
}

/// Where to look for corners: a rectangle in picture pixels (clipped to the picture), at most
/// `maxPoints` corners at least `minDistance` apart, each at least `quality` times the
/// strongest corner of the area.
public struct FlowArea: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var maxPoints: Int
    public var minDistance: Float
    public var quality: Float

    public init(x: Int, y: Int, width: Int, height: Int, maxPoints: Int, minDistance: Float, quality: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.maxPoints = maxPoints
        self.minDistance = minDistance
        self.quality = quality
    }
}

/// Why the flow could not run, in words.
public struct FlowFailure: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}
