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
