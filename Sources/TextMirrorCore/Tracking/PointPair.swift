/// A point in one frame and where the optical flow found it in the next (frame pixels).
public struct PointPair: Equatable, Sendable {
    public var from: SIMD2<Double>
    public var to: SIMD2<Double>

    public init(from: SIMD2<Double>, to: SIMD2<Double>) {
        self.from = from
        self.to = to
    }
}
