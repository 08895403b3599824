/// A rectangle to mirror, possibly rotated, in normalized frame coordinates.
///
/// `x`, `y` are the top-left corner of the unrotated rectangle and `width`, `height` its size,
/// all as fractions of the frame (origin top-left). `angle` (degrees, clockwise on screen because
/// y grows downwards) turns the rectangle about its own centre. Normalized coordinates keep a
/// region valid across caps changes; pixels are worked out per frame size by `PixelRegion`.
public struct MirrorRegion: Equatable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var angle: Double

    public init(x: Double, y: Double, width: Double, height: Double, angle: Double = 0) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.angle = angle
    }

    public var centerX: Double { x + width / 2 }
    public var centerY: Double { y + height / 2 }

    public var description: String {
        angle == 0 ? "\(x),\(y),\(width),\(height)" : "\(x),\(y),\(width),\(height),\(angle)"
    }
}
