/// A text kernel as the detector reports it (textmirror.h, `TextMirrorDetectedBox`): a rotated
/// rectangle in the detector's input pixels, before unclip, with OpenCV's `minAreaRect` angle
/// convention (degrees, clockwise on screen, `width` along the angle, which is not necessarily
/// along the text).
public struct TextKernel: Equatable, Sendable {
    public var centerX: Double
    public var centerY: Double
    public var width: Double
    public var height: Double
    public var angle: Double
    public var score: Double

    public init(centerX: Double, centerY: Double, width: Double, height: Double, angle: Double, score: Double) {
        self.centerX = centerX
        self.centerY = centerY
        self.width = width
        self.height = height
        self.angle = angle
        self.score = score
    }

    /// The kernel as a rectangle in the detector's input pixels (its score left aside).
    public var rectangle: PixelBox {
        PixelBox(centerX: centerX, centerY: centerY, width: width, height: height, angle: angle)
    }
}
