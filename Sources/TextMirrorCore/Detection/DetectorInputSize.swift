/// The size of the picture the text detector sees: the frame scaled so its long side is the
/// element's `detection-size`, both sides rounded to multiples of 32.
///
/// 32 because the DB network downsamples five times by 2 and upsamples back; other sizes make
/// its feature maps disagree. Small frames are scaled *up* as well: the cost of a detection
/// then depends only on `detection-size`, and small text gains from it.
public struct DetectorInputSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    public static let granularity = 32
    public static let defaultDetectionSize = DetectorSettings().detectionSize

    public let width: Int
    public let height: Int

    /// An explicit size; both sides must be positive multiples of `granularity`.
    public init(width: Int, height: Int) {
        precondition(
            width > 0 && height > 0
                && width % Self.granularity == 0 && height % Self.granularity == 0,
            "detector input \(width)x\(height) is not a multiple of \(Self.granularity)")
        self.width = width
        self.height = height
    }

    /// The input size for a `frameWidth` x `frameHeight` frame whose long side becomes
    /// `detectionSize` (itself rounded to a multiple of 32, at least 32). The short side keeps the
    /// frame's aspect ratio as closely as the 32-pixel grid allows.
    public init(frameWidth: Int, frameHeight: Int, detectionSize: Int = defaultDetectionSize) {
        precondition(frameWidth > 0 && frameHeight > 0, "frame size must be positive")
        let long = Self.roundToGrid(Double(detectionSize))
        let shortOverLong = Double(min(frameWidth, frameHeight)) / Double(max(frameWidth, frameHeight))
        let short = min(Self.roundToGrid(shortOverLong * Double(long)), long)
        if frameWidth >= frameHeight {
            self.init(width: long, height: short)
        } else {
            self.init(width: short, height: long)
        }
    }

    /// Frame pixels per input pixel along each axis. The two differ slightly, because each side
    /// is rounded to the grid on its own.
    public func scale(frameWidth: Int, frameHeight: Int) -> (x: Double, y: Double) {
        (Double(frameWidth) / Double(width), Double(frameHeight) / Double(height))
    }

    public var description: String { "\(width)x\(height)" }

    private static func roundToGrid(_ value: Double) -> Int {
        let g = Double(granularity)
        return max(granularity, Int((value / g).rounded()) * granularity)
    }
}
