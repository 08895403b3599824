import Dispatch
import Synchronization
import Testing
import TextMirrorCore

/// The engine's tracking with a scripted detector and motion: a line of text moving 8 px to
/// the right each frame. Each frame's first byte holds its number, which the fake detector
/// reads, so it reports where the line was in the frame it was given.
@Suite struct MirrorEngineTrackingTests {
    static let width = 320, height = 240
    static let step = 8.0
    /// A hair over 1/30 s, so that at 15 Hz every other frame is exactly due
    /// (`DetectionCadence` compares with half a nanosecond of tolerance).
    static let frameInterval: UInt64 = 33_334_000

    static func line(at frame: Int) -> PixelBox {
        PixelBox(centerX: 60 + step * Double(frame), centerY: 100, width: 80, height: 16)
    }

    final class FakeDetector: TextDetecting {
        /// Frames whose detection finds nothing (a missed detection).
        let misses: Set<Int>
        /// Held by the test to make a detection late.
        let gate: DispatchSemaphore?
        init(misses: Set<Int> = [], gate: DispatchSemaphore? = nil) {
            self.misses = misses
            self.gate = gate
        }

        func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> DetectionInput {
            let index = frame.planes[0].load(as: UInt8.self)
            return DetectionInput(
                width: 1, height: 1, rgb: [index, 0, 0], frameWidth: frame.width, frameHeight: frame.height)
        }

        func detect(_ input: DetectionInput, thresholds: DetectionThresholds) throws -> [TextBox] {
            gate?.wait()
            let frame = Int(input.makeRGB()[0])
            return misses.contains(frame) ? [] : [TextBox(box: MirrorEngineTrackingTests.line(at: frame), score: 0.9)]
        }
    }

    /// The picture, and every box in it, moves `step` px right every frame.
    final class FakeMotion: MotionEstimating {
        private let frames = Mutex(0)
        func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> GrayImage {
            GrayImage(width: 1, height: 1, pixels: [0], factor: 1)
        }
        func estimate(_ picture: GrayImage, regions: [PixelBox]) -> FrameMotion? {
            let seen = frames.withLock { n in
                defer { n += 1 }
                return n
            }
            guard seen > 0 else { return nil }
            let step = Motion.translation(MirrorEngineTrackingTests.step, 0)
            return FrameMotion(global: step, regions: regions.map { _ in step })
        }
        func reset() { frames.withLock { $0 = 0 } }
    }

    static func engine(
        _ detector: FakeDetector, mode: DetectionMode, rate: Double, tracking: Bool = true,
        smoothing: Double = 0.35
    ) throws -> MirrorEngine {
        let engine = MirrorEngine(detector: detector, motion: FakeMotion())
        var settings = MirrorEngine.Settings()
        settings.detectionMode = mode
        settings.detectionRate = rate
        settings.tracking = tracking
        settings.smoothing = smoothing
        settings.minTextHeight = 0
        engine.update(settings)
        try engine.configure(format: .gray8, width: width, height: height)
        return engine
    }

    static func process(_ engine: MirrorEngine, frame index: Int) throws -> MirrorEngine.FrameReport {
        var pixels = [UInt8](repeating: 128, count: width * height)
        pixels[0] = UInt8(index)
        return try pixels.withUnsafeMutableBytes { raw in
            let frame = FrameBuffer(width: width, height: height, planes: [raw.baseAddress!], strides: [width])
            let time = UInt64(index) * frameInterval
            return try engine.process(
                frame, stamp: FrameStamp(pts: time, duration: frameInterval, streamTime: time),
                upstreamIsLive: false)
        }
    }

    @Test func syncBoxesStayOnMovingText() throws {
        let engine = try Self.engine(FakeDetector(), mode: .sync, rate: 15)
        for f in 0..<12 {
            let report = try Self.process(engine, frame: f)
            #expect(report.mirrored.count == 1)
            let box = try #require(report.mirrored.first)
            #expect(abs(box.text.box.centerX - Self.line(at: f).centerX) < 1e-9, "frame \(f): \(box.text.box)")
            #expect(box.fresh == (f % 2 == 0), "15 Hz of 30 fps: every other frame is detected")
        }
    }

    @Test func withoutTrackingBoxesWaitForTheNextDetection() throws {
        let engine = try Self.engine(FakeDetector(), mode: .sync, rate: 15, tracking: false, smoothing: 1)
        for f in 0..<6 {
            let box = try #require(try Self.process(engine, frame: f).mirrored.first)
            let lag = f % 2 == 0 ? 0 : Self.step
            #expect(abs(box.text.box.centerX - (Self.line(at: f).centerX - lag)) < 1e-9, "frame \(f)")
        }
    }

    @Test func missedDetectionKeepsTheBoxOnTheText() throws {
        let engine = try Self.engine(FakeDetector(misses: [4, 6]), mode: .sync, rate: 15)
        for f in 0..<10 {
            let box = try #require(try Self.process(engine, frame: f).mirrored.first, "frame \(f)")
            #expect(abs(box.text.box.centerX - Self.line(at: f).centerX) < 1e-9, "frame \(f)")
        }
    }

    @Test func lateAsyncDetectionIsMovedToWhereTheTextIsNow() throws {
        let gate = DispatchSemaphore(value: 0)
        // 1 Hz: only frame 0 is sent to the detector in these few frames.
        let engine = try Self.engine(FakeDetector(gate: gate), mode: .async, rate: 1)
        for f in 0..<4 {
            #expect(try Self.process(engine, frame: f).mirrored.isEmpty, "frame \(f): nothing detected yet")
        }
        gate.signal()
        #expect(engine.waitForDetections(timeout: 5))
        // The detection of frame 0 arrives at frame 4; the text has moved 4 steps since.
        let report = try Self.process(engine, frame: 4)
        #expect(report.detection?.stamp.pts == 0)
        let box = try #require(report.mirrored.first)
        #expect(box.fresh && abs(box.text.box.centerX - Self.line(at: 4).centerX) < 1e-9, "\(box.text.box)")
        let next = try #require(try Self.process(engine, frame: 5).mirrored.first)
        #expect(!next.fresh && abs(next.text.box.centerX - Self.line(at: 5).centerX) < 1e-9)
    }

    @Test func boxesEndAfterTheHoldTime() throws {
        var settings = MirrorEngine.Settings()
        settings.detectionMode = .sync
        settings.detectionRate = 15
        settings.minTextHeight = 0
        settings.holdTime = 200
        // The text vanishes after frame 2 (detections of frames 4, 6, ... find nothing).
        let engine = MirrorEngine(detector: FakeDetector(misses: Set(3..<40)), motion: FakeMotion())
        engine.update(settings)
        try engine.configure(format: .gray8, width: Self.width, height: Self.height)
        var last = 0
        for f in 0..<20 where !(try Self.process(engine, frame: f).mirrored.isEmpty) { last = f }
        // Last detected on frame 2; 200 ms later is frame 8 (6 frames of 33.334 ms = 200.004
        // ms: just past), so frame 7 is the last with the box.
        #expect(last == 7)
    }
}
