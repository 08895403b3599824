import Glibc
import Synchronization
import TextMirrorCore
import TextMirrorPlugin

/// One pass of a frame sequence through `MirrorEngine`, the code behind the element's
/// transform (gsttextmirror.c only maps the buffer and copies the report out), with the
/// plugin's real detector and optical flow.
///
/// Sync runs push frames as fast as the engine takes them: the output depends only on the
/// input. Live runs push each frame at its time, 30 per second of wall-clock time, as a camera
/// would, with detection in async mode: detections arrive as late and as often as this
/// machine's detector manages, and every frame's time inside the engine is what the streaming
/// thread would spend.
struct EngineRun {
    struct Settings: CustomStringConvertible {
        var live: Bool
        var tracking: Bool
        var smoothing = MirrorEngine.Settings().smoothing
        var holdTime = MirrorEngine.Settings().holdTime
        var rate = 15.0

        var description: String { "\(live ? "live async" : "sync"), tracking \(tracking ? "on" : "off")" }
    }

    struct Result {
        var boxes: [[TrackedBox]] = []
        /// Y plane of every output frame.
        var outputLuma: [[UInt8]] = []
        /// Time inside `MirrorEngine.process`, and inside the motion estimate, per frame (ns).
        var processTimes: [UInt64] = []
        /// The gray copy and the flow, per frame (both on the streaming thread).
        var grayTimes: [UInt64] = []
        var grayCPU: [UInt64] = []
        var flowTimes: [UInt64] = []
        /// The same, in CPU time of the calling thread: what the work costs, without the time
        /// the thread waited for a core (the machine may be busy with other things).
        var processCPU: [UInt64] = []
        var flowCPU: [UInt64] = []
        var detections = 0
        /// Frames on which a detection was folded in.
        var detectionFrames: [Bool] = []
        /// FNV-1a of every output byte, for the reproducibility check.
        var outputHash: UInt64 = 0xCBF2_9CE4_8422_2325
        /// Frames that were late to be pushed by more than a frame (live runs).
        var lateFrames = 0
    }

    static let frameRate = 30.0

    /// GStreamer's timestamp of frame n at 30 fps (gst_util_uint64_scale rounds down).
    static func pts(_ n: Int) -> UInt64 { UInt64(n) * 1_000_000_000 / 30 }

    static func run(_ frames: [VideoFrame], settings: Settings, models: Models) throws(ToolError)
        -> Result
    {
        guard let first = frames.first else { return Result() }
        let motion = TimedMotion(FlowMotionEstimator(flowConfiguration()))
        let engine = MirrorEngine(detector: models.detector, motion: motion, recognizer: models.recognizer)
        var engineSettings = MirrorEngine.Settings()
        engineSettings.detectionMode = settings.live ? .async : .sync
        engineSettings.detectionRate = settings.rate
        engineSettings.tracking = settings.tracking
        engineSettings.smoothing = settings.smoothing
        engineSettings.holdTime = settings.holdTime
        engine.update(engineSettings)
        do {
            try engine.configure(format: first.format, width: first.width, height: first.height)
        } catch {
            throw ToolError("engine refused \(first.format) \(first.width)x\(first.height): \(error)")
        }

        var result = Result()
        result.boxes.reserveCapacity(frames.count)
        let interval = 1e9 / frameRate
        let start = clockNanoseconds()
        var work = first
        for (n, input) in frames.enumerated() {
            work.bytes = input.bytes
            if settings.live {
                let due = start + UInt64(Double(n) * interval)
                let now = clockNanoseconds()
                if now < due {
                    sleepNanoseconds(due - now)
                } else if now - due > UInt64(interval) {
                    result.lateFrames += 1
                }
            }
            let stamp = FrameStamp(pts: pts(n), duration: pts(n + 1) - pts(n), streamTime: pts(n), runningTime: pts(n))
            let before = clockNanoseconds(), beforeCPU = threadCPUNanoseconds()
            let report: MirrorEngine.FrameReport
            do {
                report = try work.withFrameBuffer {
                    try engine.process($0, stamp: stamp, upstreamIsLive: settings.live)
                }
            } catch {
                throw ToolError("frame \(n): \(error)")
            }
            result.processTimes.append(clockNanoseconds() - before)
            result.processCPU.append(threadCPUNanoseconds() - beforeCPU)
            if report.detection != nil { result.detections += 1 }
            result.detectionFrames.append(report.detection != nil)
            result.boxes.append(report.mirrored)
            result.outputLuma.append(Array(work.luma))
            if !settings.live {
                // Wrapping multiply: FNV-1a is defined modulo 2^64.
                for byte in work.bytes { result.outputHash = (result.outputHash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            }
        }
        engine.waitForDetections(timeout: 10)
        let times = motion.times
        (result.grayTimes, result.grayCPU) = (times.prepareWall, times.prepareCPU)
        (result.flowTimes, result.flowCPU) = (times.wall, times.cpu)
        return result
    }
}

/// The optical flow's settings: the plugin's defaults, each overridable from the environment
/// (MOTION_BENCH_FLOW="window=9,levels=2,epsilon=0.01,points=8,columns=8,rows=5,threshold=0.6,
/// side=640,iterations=10,own=0.2"), for tuning.
func flowConfiguration() -> FlowMotionEstimator.Configuration {
    var c = FlowMotionEstimator.Configuration()
    guard let text = getenv("MOTION_BENCH_FLOW").map({ String(cString: $0) }) else { return c }
    for item in text.split(separator: ",") {
        let pair = item.split(separator: "=")
        guard pair.count == 2, let value = Double(pair[1]) else { continue }
        switch pair[0] {
        case "window": c.window = Int(value)
        case "levels": c.levels = Int(value)
        case "iterations": c.iterations = Int(value)
        case "epsilon": c.epsilon = Float(value)
        case "points": c.pointsPerRegion = Int(value)
        case "columns": c.gridColumns = Int(value)
        case "rows": c.gridRows = Int(value)
        case "threshold": c.inlierThreshold = value
        case "side": c.grayLongSide = Int(value)
        case "own": c.ownMotionThreshold = value
        default: progress("MOTION_BENCH_FLOW: unknown setting \(pair[0])")
        }
    }
    return c
}

/// Times every motion estimate (the optical flow's share of the streaming thread).
final class TimedMotion: MotionEstimating {
    private let inner: any MotionEstimating
    struct Times {
        var prepareWall: [UInt64] = [], prepareCPU: [UInt64] = []
        var wall: [UInt64] = [], cpu: [UInt64] = []
    }
    private let recorded = Mutex(Times())

    init(_ inner: any MotionEstimating) { self.inner = inner }

    var failures: FailureTally { inner.failures }

    var times: Times { recorded.withLock { $0 } }

    /// The gray copy: on the streaming thread.
    func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> GrayImage {
        let start = clockNanoseconds(), startCPU = threadCPUNanoseconds()
        let picture = inner.prepare(frame, layout: layout)
        let elapsed = clockNanoseconds() - start, cpu = threadCPUNanoseconds() - startCPU
        recorded.withLock {
            $0.prepareWall.append(elapsed)
            $0.prepareCPU.append(cpu)
        }
        return picture
    }

    /// The flow: also on the streaming thread.
    func estimate(_ picture: GrayImage, regions: [PixelBox]) -> FrameMotion? {
        let start = clockNanoseconds(), startCPU = threadCPUNanoseconds()
        let motion = inner.estimate(picture, regions: regions)
        let elapsed = clockNanoseconds() - start, cpu = threadCPUNanoseconds() - startCPU
        recorded.withLock {
            $0.wall.append(elapsed)
            $0.cpu.append(cpu)
        }
        return motion
    }

    func reset() { inner.reset() }
}

func clockNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    // Seconds since boot times 1e9 stays below 2^64 for 584 years.
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// CPU time this thread has used, in nanoseconds.
func threadCPUNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

func sleepNanoseconds(_ nanoseconds: UInt64) {
    var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
}
