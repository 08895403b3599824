/// A half-open pixel rectangle [x0, x1) x [y0, y1).
public struct PixelRect: Equatable, Sendable {
    public var x0: Int, y0: Int, x1: Int, y1: Int

    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// The whole pixels that the rectangle [x0, x1) x [y0, y1) in real coordinates touches,
    /// clipped to a `width` x `height` picture: the one rule for turning a box's extent into
    /// pixels. An edge that is not finite goes to the picture's edge on its side.
    public init(covering x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, width: Int, height: Int) {
        func clipped(_ v: Double, _ limit: Int) -> Double {
            guard v.isFinite else { return v > 0 ? Double(limit) : 0 }
            return min(max(v, 0), Double(limit))
        }
        self.init(
            x0: Int(clipped(x0, width).rounded(.down)), y0: Int(clipped(y0, height).rounded(.down)),
            x1: Int(clipped(x1, width).rounded(.up)), y1: Int(clipped(y1, height).rounded(.up)))
    }

    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    public var width: Int { max(x1 - x0, 0) }
    public var height: Int { max(y1 - y0, 0) }
}
