/// A small 8-bit gray copy of a frame, for measuring motion: optical flow needs brightness
/// only, and a quarter-size picture (about 480x270 from 1080p) is sixteen times cheaper to
/// track in while a least-squares fit over many points still places boxes to a fraction of a
/// frame pixel.
public struct GrayImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Rows `width` bytes apart, no padding.
    public var pixels: [UInt8]
    /// Frame pixels per image pixel along each axis.
    public var factor: Int

    public init(width: Int, height: Int, pixels: [UInt8], factor: Int) {
        precondition(pixels.count == width * height, "gray buffer does not match its size")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.factor = factor
    }

    /// Image pixel (i, j) averages frame pixels [i·f, (i+1)·f) x [j·f, (j+1)·f). In
    /// continuous coordinates (a pixel spans [i, i+1)) frame = f · image; OpenCV puts pixel
    /// centres on integers, hence the half pixel.
    public func framePoint(fromImage p: SIMD2<Double>) -> SIMD2<Double> {
        (p + 0.5) * Double(factor)
    }

    public func imagePoint(fromFrame p: SIMD2<Double>) -> SIMD2<Double> {
        p / Double(factor) - 0.5
    }
}
