/// A point in a gray picture (OpenCV's convention).
public struct FlowPoint: Sendable, Equatable {
    public var x: Float
    public var y: Float

    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }
}
