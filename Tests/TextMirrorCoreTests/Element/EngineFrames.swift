import TextMirrorCore

/// Finds the same line on every frame of a GRAY8 stream, and keeps the frame as a real
/// detector does, since lines are fitted and read there.
final class OneLineDetector: TextDetecting {
    let line: TextBox

    init(_ line: TextBox = TextBox(box: PixelBox(centerX: 32, centerY: 16, width: 32, height: 12), score: 0.9)) {
        self.line = line
    }

    func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> DetectionInput {
        DetectionInput(
            snapshot: FrameSnapshot(frame, layout: layout),
            downscaler: RGBDownscaler(
                format: .gray8, frameWidth: frame.width, frameHeight: frame.height, outputWidth: 32,
                outputHeight: 16))
    }

    func detect(_ input: DetectionInput, thresholds: DetectionThresholds) throws -> [TextBox] {
        [line]
    }
}

/// `count` black 64x32 GRAY8 frames at 30 fps through `engine` with `settings` (sync detection
/// unless the settings say otherwise), and what the engine reported for each.
func engineReports(
    _ engine: MirrorEngine, settings: MirrorEngine.Settings = .syncDetection, count: Int = 3
) throws -> [MirrorEngine.FrameReport] {
    engine.update(settings)
    try engine.configure(format: .gray8, width: 64, height: 32)
    var pixels = [UInt8](repeating: 0, count: 64 * 32)
    return try (0..<count).map { i in
        try pixels.withUnsafeMutableBytes { raw in
            let frame = FrameBuffer(width: 64, height: 32, planes: [raw.baseAddress!], strides: [64])
            let time = UInt64(i) * AssumedFrameRate.frameInterval
            return try engine.process(frame, stamp: FrameStamp(pts: time, streamTime: time), upstreamIsLive: false)
        }
    }
}

extension MirrorEngine.Settings {
    /// Defaults, but each frame waits for its detection, so a test sees it on that frame.
    static var syncDetection: Self {
        var settings = Self()
        settings.detectionMode = .sync
        return settings
    }
}
