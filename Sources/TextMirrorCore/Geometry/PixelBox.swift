/// A rotated rectangle in pixel coordinates of one frame: the form every region takes before it
/// is mirrored, whether it came from the `regions` property or from the text detector.
///
/// Its geometry (axes, corners, bounds: `PixelBox+Geometry.swift`; when it counts as level:
/// `PixelBox+Level.swift`) is written here once, for every stage a box goes through.
public struct PixelBox: Equatable, Sendable {
    public var centerX: Double
    public var centerY: Double
    public var width: Double
    public var height: Double
    /// Degrees; positive turns clockwise on screen (y grows downwards).
    public var angle: Double

    public init(centerX: Double, centerY: Double, width: Double, height: Double, angle: Double = 0) {
        self.centerX = centerX
        self.centerY = centerY
        self.width = width
        self.height = height
        self.angle = angle
    }

    /// Level (a multiple of 180°, to rounding): such a box takes the row-reversing mirror path.
    public var isAxisAligned: Bool {
        angle.isFinite && abs(tiltFromLevel) < 1e-9
    }
}
