import Testing
import TextMirrorCore
import TextMirrorPlugin
import TextMirrorTestSupport

/// The engine with the real detector and the real optical flow, on a rendered scene panned
/// 6 px a frame: boxes follow the text, and sync mode gives the same bytes every run.
@Suite(.serialized) struct TrackingEngineTests {
    static let step = 6
    static let frames = 12

    /// Frame n shows the scene moved `step · n` px to the left (the right edge repeats).
    static func frames(_ scene: TextScene) -> [[UInt8]] {
        (0..<frames).map { n in
            var out = [UInt8](repeating: 0, count: scene.pixels.count)
            for y in 0..<scene.height {
                for x in 0..<scene.width {
                    let sx = min(x + step * n, scene.width - 1)
                    for c in 0..<4 { out[4 * (y * scene.width + x) + c] = scene.pixels[4 * (y * scene.width + sx) + c] }
                }
            }
            return out
        }
    }

    struct Run: Equatable {
        var boxes: [[TrackedBox]] = []
        var outputs: [[UInt8]] = []
    }

    static func run(_ frames: [[UInt8]], width: Int, height: Int) throws -> Run {
        let engine = MirrorEngine(detector: try TestModel.detector(), motion: FlowMotionEstimator())
        var settings = MirrorEngine.Settings()
        settings.detectionMode = .sync
        engine.update(settings)
        try engine.configure(format: .rgbx, width: width, height: height)
        var run = Run()
        for (n, input) in frames.enumerated() {
            var pixels = input
            let pts = UInt64(n) * 1_000_000_000 / 30
            let report = try pixels.withUnsafeMutableBytes { raw in
                try engine.process(
                    FrameBuffer(width: width, height: height, planes: [raw.baseAddress!], strides: [4 * width]),
                    stamp: FrameStamp(pts: pts, streamTime: pts), upstreamIsLive: false)
            }
            run.boxes.append(report.mirrored)
            run.outputs.append(pixels)
        }
        return run
    }

    @Test func syncModeIsReproducibleAndBoxesFollowTheText() throws {
        let scene = try #require(Scenes.withText.first { $0.name == "three lines on clutter" }).build()
        let frames = Self.frames(scene)
        let first = try Self.run(frames, width: scene.width, height: scene.height)
        let second = try Self.run(frames, width: scene.width, height: scene.height)
        #expect(first == second, "same frames, same settings: same boxes and bytes")

        // Each track seen in the first frame is, in every later frame, where its line went:
        // step · n px further left (within a pixel: detection jitter, flow error).
        let start = try #require(first.boxes.first)
        #expect(start.count >= 3)
        for n in 1..<Self.frames {
            for box in start {
                guard let later = first.boxes[n].first(where: { $0.track == box.track }) else {
                    Issue.record("frame \(n): track \(box.track) lost")
                    continue
                }
                let expected = box.text.box.centerX - Double(Self.step * n)
                #expect(
                    abs(later.text.box.centerX - expected) < 1,
                    "frame \(n) track \(box.track): \(later.text.box.centerX) vs \(expected)")
                #expect(abs(later.text.box.centerY - box.text.box.centerY) < 1)
            }
        }
    }
}
