/// A frame reduced to what the detector reads: packed RGB (3 bytes a pixel, no row padding) at
/// the detector's input size, plus the size of the frame it came from so boxes can be mapped
/// back. It owns its bytes, so it can outlive the frame and cross to the detection queue.
public struct DetectionInput: Sendable {
    public var width: Int
    public var height: Int
    public var rgb: [UInt8]
    public var frameWidth: Int
    public var frameHeight: Int

    public init(width: Int, height: Int, rgb: [UInt8], frameWidth: Int, frameHeight: Int) {
        precondition(rgb.count == width * height * 3, "RGB buffer does not match its size")
        self.width = width
        self.height = height
        self.rgb = rgb
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
    }
}
