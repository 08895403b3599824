/// A frame reduced to what the detector reads: packed RGB (3 bytes a pixel, no row padding) at
/// the detector's input size, plus the size of the frame it came from so boxes can be mapped
/// back. It owns its bytes, so it can outlive the frame and cross to the detection queue.
///
/// It holds either the RGB pixels themselves or a copy of the frame with the downscaler to
/// apply: then `makeRGB()` does the downscaling wherever it is called, which is the detection
/// queue in async mode (see `FrameSnapshot` for why).
public struct DetectionInput: Sendable {
    public var width: Int
    public var height: Int
    public var frameWidth: Int
    public var frameHeight: Int
    /// Look for lines running up or down the frame as well, in the picture turned a quarter
    /// (the element's `vertical-text`; `TextDetecting.findLines`).
    public var verticalText = false
    private let source: Source

    private enum Source: Sendable {
        case rgb([UInt8])
        case snapshot(FrameSnapshot, RGBDownscaler)
    }

    public init(width: Int, height: Int, rgb: [UInt8], frameWidth: Int, frameHeight: Int) {
        precondition(rgb.count == width * height * 3, "RGB buffer does not match its size")
        self.width = width
        self.height = height
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        source = .rgb(rgb)
    }

    /// A frame copy to be downscaled later by `downscaler` (whose sizes must match).
    public init(snapshot: FrameSnapshot, downscaler: RGBDownscaler) {
        precondition(
            snapshot.width == downscaler.frameWidth && snapshot.height == downscaler.frameHeight,
            "snapshot and downscaler disagree on the frame size")
        width = downscaler.outputWidth
        height = downscaler.outputHeight
        frameWidth = snapshot.width
        frameHeight = snapshot.height
        source = .snapshot(snapshot, downscaler)
    }

    /// The full-resolution frame this input was copied from and its format, for the duration
    /// of `body`; nil when the input holds only the RGB pixels.
    public func withFrame<R>(_ body: (FrameBuffer, PixelFormat) throws -> R) rethrows -> R? {
        switch source {
        case .rgb:
            return nil
        case .snapshot(let snapshot, let downscaler):
            return try snapshot.withFrame { try body($0, downscaler.format) }
        }
    }

    /// The packed RGB pixels, `width * height * 3` bytes. For a snapshot this downscales now:
    /// call it once per detection.
    public func makeRGB() -> [UInt8] {
        switch source {
        case .rgb(let rgb):
            return rgb
        case .snapshot(let snapshot, let downscaler):
            return snapshot.withFrame { downscaler.downscale($0) }
        }
    }
}
