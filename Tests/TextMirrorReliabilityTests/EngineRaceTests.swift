import Foundation
import Testing
import TextMirrorCore

/// The detection queue against the streaming thread, with a detector the test controls: how long
/// each detection takes, and when it may finish. Deterministic where the element tests with the
/// real model can only be likely: a detection of the old geometry finishing after a caps change
/// or a flush is never applied, and queued work outlives the engine safely.
@Suite struct EngineRaceTests {
    /// Finds one box per frame that encodes the frame it was computed on: centred, half the
    /// frame's width and height. Each detection takes `delay` (random up to `maxDelay`) or waits
    /// for the gate.
    final class FakeDetector: TextDetecting, @unchecked Sendable {
        private let lock = NSCondition()
        private var gateOpen = true
        private var rng = SplitMix64(seed: 1)
        private var _running = 0
        private var _finished = 0
        private var _checksum: UInt64 = 0
        let maxDelay: Double

        init(maxDelay: Double = 0, gated: Bool = false, seed: UInt64 = 1) {
            self.maxDelay = maxDelay
            gateOpen = !gated
            rng = SplitMix64(seed: seed)
        }

        func open() {
            lock.withLock {
                gateOpen = true
                lock.broadcast()
            }
        }
        var running: Int { lock.withLock { _running } }
        var finished: Int { lock.withLock { _finished } }

        func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> DetectionInput {
            // A copy, as the real detector makes: the frame's memory is gone after process().
            let first = frame.planes[0].load(as: UInt8.self)
            return DetectionInput(
                width: 32, height: 32, rgb: [UInt8](repeating: first, count: 32 * 32 * 3),
                frameWidth: frame.width, frameHeight: frame.height)
        }

        func detect(_ input: DetectionInput, thresholds: DetectionThresholds) throws -> [TextBox] {
            let delay: Double = lock.withLock {
                _running += 1
                while !gateOpen { lock.wait() }
                return maxDelay * Double(rng.next() % 1000) / 1000
            }
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            // Read every byte of the input: under a sanitizer this proves the job owns it.
            let sum = input.makeRGB().reduce(UInt64(0)) { $0 &+ UInt64($1) }
            lock.withLock {
                _running -= 1
                _finished += 1
                _checksum &+= sum
            }
            let w = Double(input.frameWidth), h = Double(input.frameHeight)
            return [TextBox(box: PixelBox(centerX: w / 2, centerY: h / 2, width: w / 2, height: h / 2), score: 1)]
        }
    }

    /// A frame of one format and size, owned by the test.
    final class OwnedFrame {
        let buffer: FrameBuffer
        private let memory: [UnsafeMutableRawBufferPointer]
        init(width: Int, height: Int) {
            // GRAY8: one plane, stride with padding.
            let stride = width + 3
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: stride * height, alignment: 16)
            memory.initializeMemory(as: UInt8.self, repeating: 200)
            self.memory = [memory]
            buffer = FrameBuffer(width: width, height: height, planes: [memory.baseAddress!], strides: [stride])
        }
        deinit { memory.forEach { $0.deallocate() } }
    }

    static let sizes = [(64, 48), (40, 40), (96, 32), (17, 9), (64, 48), (128, 72)]

    /// Random interleavings of frames, caps changes and flushes with detections of random length
    /// finishing whenever they do. Checked on every frame: a detection reported belongs to the
    /// current geometry and to a frame after the last caps change or flush; no box is mirrored
    /// before the first such detection; mirrored boxes lie inside the frame.
    @Test("Caps changes and flushes with detections in flight: no stale result is ever applied")
    func staleResultsAreDropped() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var rng = SplitMix64(seed: seed)
        let detector = FakeDetector(maxDelay: 0.004, seed: seed)
        let engine = MirrorEngine(detector: detector)
        var settings = MirrorEngine.Settings()
        settings.detectionMode = .async
        settings.detectionRate = 1000
        settings.minTextHeight = 0
        engine.update(settings)

        var (width, height) = Self.sizes[0]
        try engine.configure(format: .gray8, width: width, height: height)
        var frame = OwnedFrame(width: width, height: height)
        var pts: UInt64 = 0, epochStart: UInt64 = 0
        var detectedSinceEpoch = false
        var changesInFlight = 0, frames = 0, applied = 0
        // At least 1500 steps, and more while too few detections have been applied to prove
        // anything: on a loaded machine most of them are overtaken by a caps change or flush.
        var step = 0
        while step < 1500 || (applied <= 30 && step < 20_000) {
            defer { step += 1 }
            switch rng.next() % 10 {
            case 0:
                // Caps change (sometimes to the same geometry, which must also drop old results).
                if detector.running > 0 { changesInFlight += 1 }
                (width, height) = Self.sizes[Int(rng.next() % UInt64(Self.sizes.count))]
                try engine.configure(format: .gray8, width: width, height: height)
                frame = OwnedFrame(width: width, height: height)
                epochStart = pts
                detectedSinceEpoch = false
            case 1:
                if detector.running > 0 { changesInFlight += 1 }
                engine.reset()
                epochStart = pts
                detectedSinceEpoch = false
            case 2, 3:
                Thread.sleep(forTimeInterval: Double(rng.next() % 4) / 1000)
            default:
                let report = try engine.process(frame.buffer, stamp: FrameStamp(pts: pts), upstreamIsLive: true)
                frames += 1
                if let detection = report.detection {
                    applied += 1
                    detectedSinceEpoch = true
                    let box = try #require(detection.boxes.first)
                    #expect(
                        box.box.width == Double(width) / 2 && box.box.height == Double(height) / 2,
                        "seed \(seed) step \(step): a detection of a \(Int(box.box.width * 2))x\(Int(box.box.height * 2)) frame applied to \(width)x\(height)"
                    )
                    #expect(
                        (detection.stamp.pts ?? 0) >= epochStart,
                        "seed \(seed) step \(step): a detection from before the last caps change or flush")
                }
                if !detectedSinceEpoch {
                    #expect(
                        report.mirrored.isEmpty,
                        "seed \(seed) step \(step): boxes before any detection of this geometry")
                }
                for tracked in report.mirrored {
                    let b = tracked.text.box
                    #expect(
                        b.centerX >= 0 && b.centerX <= Double(width) && b.centerY >= 0 && b.centerY <= Double(height),
                        "seed \(seed) step \(step): box centred at \(b.centerX),\(b.centerY) in \(width)x\(height)")
                }
                pts += 33_333_333
            }
        }
        #expect(engine.waitForDetections(timeout: 10))
        #expect(frames > 800 && applied > 30, "seed \(seed): \(frames) frames, \(applied) detections applied")
        #expect(changesInFlight > 20, "seed \(seed): only \(changesInFlight) changes met a detection in flight")
        print(
            "engine race: seed \(seed), \(frames) frames, \(applied) detections applied, "
                + "\(changesInFlight) caps changes/flushes with a detection in flight, \(detector.finished) detections run"
        )
    }

    /// The engine (as an element's session at stop) goes away while its detection waits; the
    /// job still runs to the end on its own copy, and afterwards nothing is left: the detector
    /// (and with it the engine's worker) is released.
    @Test("Engine released while a detection waits: the job finishes, then everything is freed")
    func engineReleasedWithWorkQueued() throws {
        weak var weakDetector: FakeDetector?
        do {
            let detector = FakeDetector(gated: true)
            weakDetector = detector
            var engine: MirrorEngine? = MirrorEngine(detector: detector)
            var settings = MirrorEngine.Settings()
            settings.detectionMode = .async
            engine!.update(settings)
            try engine!.configure(format: .gray8, width: 64, height: 48)
            do {
                let frame = OwnedFrame(width: 64, height: 48)
                _ = try engine!.process(frame.buffer, stamp: FrameStamp(pts: 0), upstreamIsLive: true)
                _ = try engine!.process(frame.buffer, stamp: FrameStamp(pts: 1_000_000_000), upstreamIsLive: true)
            }  // the frame's memory is freed here, with one job running and one waiting
            engine = nil
            let deadline = Date().addingTimeInterval(5)
            while detector.running == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
            #expect(detector.running == 1)
            detector.open()
            while detector.finished < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
            #expect(detector.finished == 2, "the waiting job did not run after the engine went away")
        }
        let deadline = Date().addingTimeInterval(5)
        while weakDetector != nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        #expect(weakDetector == nil, "the detector outlived its jobs: something still holds it")
    }
}
