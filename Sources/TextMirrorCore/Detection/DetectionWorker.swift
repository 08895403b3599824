import Dispatch
import Synchronization

/// Runs detection on a private serial queue so the streaming thread never waits for it.
///
/// At most one job runs and at most one waits: a frame submitted while the detector is busy
/// replaces the waiting one, so there is never a backlog and results are as fresh as the
/// detector's speed allows. Each job owns a copy of its input; a job whose generation is out of
/// date when it finishes (the caps changed, a flush happened) is dropped.
///
/// Lock order: `state` is the only lock and is never held while detecting.
public final class DetectionWorker: Sendable {
    private struct Job: Sendable {
        var input: DetectionInput
        var thresholds: DetectionThresholds
        var stamp: FrameStamp
        var generation: UInt64
        var finish: Finish?
    }

    /// Work on the detected boxes that needs the frame they were detected on (fitting them to
    /// their ink, `InkFitting`), run on the detection queue after the detector.
    public typealias Finish = @Sendable ([TextBox], DetectionInput) -> [TextBox]

    private struct State {
        var generation: UInt64 = 0
        var running = false
        /// When the running job started, and how long the last one took (monotonic ns).
        var runningSince: UInt64 = 0
        var lastDuration: UInt64 = 0
        var waiting: Job?
        var latest: Detection?
        var failures = FailureTally()
    }

    private let detector: any TextDetecting
    private let queue: DispatchQueue
    private let state = Mutex(State())
    /// Signalled each time a job finishes, for `waitUntilIdle`.
    private let idle = DispatchGroup()

    public init(detector: any TextDetecting, label: String = "textmirror.detection") {
        self.detector = detector
        // Utility QoS: on Linux, Dispatch runs the job at nice 2, and OpenCV's worker threads
        // started from it inherit that, so the streaming thread (nice 0) wins a contended core
        // (README, benchmark section 3: 12 detections/s at 640 on 2 cores with the streaming
        // thread's p99 under 2 ms). Not background (nice 10): it measured the same on an idle
        // machine, but starved detection completely while other work kept both cores busy (a
        // 3-second preview found no text while the test suite ran).
        self.queue = DispatchQueue(label: label, qos: .utility)
    }

    /// Whether a frame submitted now would be detected soon, so that copying it is worth its
    /// cost on the streaming thread: when the detector is idle, or when it is past half of a
    /// detection and nothing waits yet. Frames submitted earlier would mostly be replaced by
    /// newer ones before the detector took them, each after a copy of the whole frame (0.5 ms
    /// at 1080p) paid for nothing; the frame that waits is at most half a detection older than
    /// its start.
    public var wantsInput: Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        return state.withLock { s in
            !s.running || (s.waiting == nil && now &- s.runningSince >= s.lastDuration / 2)
        }
    }

    /// The generation new submissions belong to.
    public var generation: UInt64 { state.withLock { $0.generation } }

    /// Hands a frame to the detector (already copied by `detector.prepare`). Never blocks on
    /// detection. `finish`, when given, runs on the boxes on the detection queue.
    public func submit(_ input: DetectionInput, thresholds: DetectionThresholds, stamp: FrameStamp,
                       finish: Finish? = nil) {
        let start: Job? = state.withLock { s in
            let job = Job(input: input, thresholds: thresholds, stamp: stamp, generation: s.generation, finish: finish)
            if s.running {
                s.waiting = job
                return nil
            }
            s.running = true
            s.runningSince = DispatchTime.now().uptimeNanoseconds
            return job
        }
        if let start { launch(start) }
    }

    /// The newest detection not yet taken, if any.
    public func takeLatest() -> Detection? {
        state.withLock { s in
            defer { s.latest = nil }
            return s.latest
        }
    }

    /// Drops waiting work and any result not yet taken; work in flight finishes but its result
    /// is discarded. Call on caps changes and flushes.
    public func reset() {
        state.withLock { s in
            s.generation &+= 1  // wrapping: only equality of generations matters
            s.waiting = nil
            s.latest = nil
        }
    }

    /// Detections that failed so far, here and in sync mode (`record`); the engine warns
    /// about them.
    public var failures: FailureTally { state.withLock { $0.failures } }

    /// Counts a detection the caller ran itself (sync mode) that failed.
    public func record(failure error: any Error) {
        state.withLock { $0.failures.record(error) }
    }

    /// Blocks until no job is running or waiting, or until `timeout` seconds pass. For stop()
    /// and tests; the streaming thread never calls it.
    @discardableResult
    public func waitUntilIdle(timeout: Double) -> Bool {
        idle.wait(timeout: .now() + timeout) == .success
    }

    private func launch(_ job: Job) {
        idle.enter()
        queue.async { [self] in
            var next: Job? = job
            while let current = next {
                let outcome = Result {
                    let boxes = try detector.detect(current.input, thresholds: current.thresholds)
                    return current.finish?(boxes, current.input) ?? boxes
                }
                next = state.withLock { s in
                    let now = DispatchTime.now().uptimeNanoseconds
                    s.lastDuration = now &- s.runningSince
                    s.runningSince = now
                    switch outcome {
                    case .success(let boxes):
                        if current.generation == s.generation {
                            s.latest = Detection(boxes: boxes, stamp: current.stamp, generation: current.generation)
                        }
                    case .failure(let error):
                        s.failures.record(error)
                    }
                    let waiting = s.waiting
                    s.waiting = nil
                    if waiting == nil { s.running = false }
                    return waiting
                }
            }
            idle.leave()
        }
    }
}
