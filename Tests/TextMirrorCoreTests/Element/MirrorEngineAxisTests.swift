import Testing
import TextMirrorCore

/// Where the engine puts the mirror's axis in a 4:2:0 frame: detected boxes about their own
/// half-pixel axis in luma (`axes: .nearestPerPlane`), fixed regions widened to the chroma grid
/// as ever.
@Suite struct MirrorEngineAxisTests {
    static let width = 64, height = 32

    /// Always finds the same line, centred on a half pixel and 21 px wide: luma [30, 51) x [10, 17).
    final class HalfPixelDetector: TextDetecting {
        static let box = PixelBox(centerX: 40.5, centerY: 13.5, width: 21, height: 7)
        func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> DetectionInput {
            DetectionInput(width: 1, height: 1, rgb: [0, 0, 0], frameWidth: frame.width, frameHeight: frame.height)
        }
        func detect(_ input: DetectionInput, thresholds: DetectionThresholds) throws -> [TextBox] {
            [TextBox(box: Self.box, score: 0.9)]
        }
    }

    /// Mirrors one I420 frame whose luma differs from pixel to pixel (column + 3 × row) and
    /// returns its luma before and after.
    static func mirrorOneFrame(detect: Bool, regions: [MirrorRegion]) throws -> (before: [UInt8], after: [UInt8]) {
        let engine = MirrorEngine(detector: detect ? HalfPixelDetector() : nil)
        var settings = MirrorEngine.Settings()
        settings.detectionMode = .sync
        settings.minTextHeight = 0
        settings.fitToInk = false
        // The luma is a ramp: seamless mirroring would (rightly) keep it; this is about the axis.
        settings.seamless = false
        settings.detect = detect
        settings.regions = regions
        engine.update(settings)
        try engine.configure(format: .i420, width: width, height: height)
        let luma = (0..<(width * height)).map { UInt8(truncatingIfNeeded: $0 % width + 3 * ($0 / width)) }
        var y = luma, u = [UInt8](repeating: 90, count: width * height / 4), v = u
        try y.withUnsafeMutableBytes { yp in
            try u.withUnsafeMutableBytes { up in
                try v.withUnsafeMutableBytes { vp in
                    let frame = FrameBuffer(
                        width: width, height: height,
                        planes: [yp.baseAddress!, up.baseAddress!, vp.baseAddress!],
                        strides: [width, width / 2, width / 2])
                    _ = try engine.process(
                        frame, stamp: FrameStamp(pts: 0, duration: 33_333_333, streamTime: 0),
                        upstreamIsLive: false)
                }
            }
        }
        return (luma, y)
    }

    @Test func detectedBoxesMirrorLumaAboutTheirHalfPixelAxis() throws {
        let (before, after) = try Self.mirrorOneFrame(detect: true, regions: [])
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let inside = (30..<51).contains(x) && (10..<17).contains(y)
                #expect(after[y * Self.width + x] == before[y * Self.width + (inside ? 80 - x : x)], "(\(x), \(y))")
            }
        }
    }

    /// The `regions` property keeps its edges widened to the chroma grid: a region covering
    /// pixels [31, 50) x [11, 16) mirrors [30, 50) x [10, 16), about x = 40.
    @Test func fixedRegionsKeepTheSharedChromaGridAxis() throws {
        let w = Double(Self.width), h = Double(Self.height)
        let region = MirrorRegion(x: 31 / w, y: 11 / h, width: 19 / w, height: 5 / h)
        let (before, after) = try Self.mirrorOneFrame(detect: false, regions: [region])
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let inside = (30..<50).contains(x) && (10..<16).contains(y)
                #expect(after[y * Self.width + x] == before[y * Self.width + (inside ? 79 - x : x)], "(\(x), \(y))")
            }
        }
    }
}
