/// One mapped video frame: plane base addresses and their real strides (which may include
/// padding, so they are never derived from the width).
///
/// The memory belongs to the caller and is only valid during the call it is passed to.
public struct FrameBuffer {
    public var width: Int
    public var height: Int
    public var planes: [UnsafeMutableRawPointer]
    public var strides: [Int]
    /// How YUV values stand for colours (the caps' colorimetry); other models ignore it.
    public var encoding = YUVEncoding.bt601Limited

    public init(width: Int, height: Int, planes: [UnsafeMutableRawPointer], strides: [Int]) {
        self.width = width
        self.height = height
        self.planes = planes
        self.strides = strides
    }

    @inline(__always)
    func row(plane: Int, _ y: Int) -> UnsafeMutableRawPointer {
        planes[plane] + y * strides[plane]
    }
}
