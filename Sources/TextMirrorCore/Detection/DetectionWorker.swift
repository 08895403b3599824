import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs detection on a private queue so the streaming thread never waits for it.
///
/// At most `lanes` jobs run at once (the detector's `concurrentDetections`) and at most one
/// waits: a frame submitted while every lane is busy replaces the waiting one, so there is
/// never a backlog and results are as fresh as the detector's speed allows. Each job owns a
/// copy of its input; a job whose generation is out of date when it finishes (the caps
/// changed, a flush happened) is dropped, and so is one that finishes after a job on a newer
/// frame (with two lanes, an older frame's detection can finish last).
///
/// Lock order: `state` is the only lock and is never held while detecting.
public final class DetectionWorker: Sendable {
    private struct Job: Sendable {
        var input: DetectionInput
        var thresholds: DetectionThresholds
        var stamp: FrameStamp
        var generation: UInt64
        var finish: Finish?
        /// Submission order: a result replaces only results of older frames.
        var sequence: UInt64
    }

    /// Work on the detected boxes that needs the frame they were detected on (fitting them to
    /// their ink, `InkFitting`), run on the detection queue after the detector; given how long
    /// the detector took (monotonic ns), to pace itself by.
    public typealias Finish = @Sendable (_ boxes: [TextBox], DetectionInput, _ detectionTime: UInt64) -> [TextBox]

    private struct State {
        var generation: UInt64 = 0
        /// When each running job started (monotonic ns, oldest first), and how long the last
        /// one took.
        var runningSince: [UInt64] = []
        var lastDuration: UInt64 = 0
        var waiting: Job?
        var latest: Detection?
        var submitted: UInt64 = 0
        /// The sequence of the newest job whose result was kept.
        var newestKept: UInt64 = 0
        var failures = FailureTally()
    }

    private let detector: any TextDetecting
    /// Jobs that may run at once.
    public let lanes: Int
    private let queue: DispatchQueue
    private let state = Mutex(State())
    /// Signalled each time a job finishes, for `waitUntilIdle`.
    private let idle = DispatchGroup()

    public init(detector: any TextDetecting, label: String = "textmirror.detection") {
        self.detector = detector
        self.lanes = max(1, detector.concurrentDetections)
        // Utility QoS: on Linux, Dispatch runs the job at nice 2, and OpenCV's worker threads
        // started from it inherit that, so the streaming thread (nice 0) wins a contended core
        // (README, benchmark section 3: 12 detections/s at 640 on 2 cores with the streaming
        // thread's p99 under 2 ms). Not background (nice 10): it measured the same on an idle
        // machine, but starved detection completely while other work kept both cores busy (a
        // 3-second preview found no text while the test suite ran).
        // Concurrent: `launch` never has more than `lanes` blocks on it.
        self.queue = DispatchQueue(label: label, qos: .utility, attributes: lanes > 1 ? .concurrent : [])
    }

    /// Whether a frame submitted now would be detected soon, so that copying it is worth its
    /// cost on the streaming thread: when a lane is free, or when the oldest running job is
    /// past half of a detection and nothing waits yet. Frames submitted earlier would mostly be replaced by
    /// newer ones before the detector took them, each after a copy of the whole frame (0.5 ms
    /// at 1080p) paid for nothing; the frame that waits is at most half a detection older than
    /// its start.
    public var wantsInput: Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        return state.withLock { s in
            guard let oldest = s.runningSince.first, s.runningSince.count >= lanes else { return true }
            return s.waiting == nil && now &- oldest >= s.lastDuration / 2
        }
    }

    /// The generation new submissions belong to.
    public var generation: UInt64 { state.withLock { $0.generation } }

    /// Hands a frame to the detector (already copied by `detector.prepare`). Never blocks on
    /// detection. `finish`, when given, runs on the boxes on the detection queue.
    public func submit(
        _ input: DetectionInput, thresholds: DetectionThresholds, stamp: FrameStamp,
        finish: Finish? = nil
    ) {
        let start: (job: Job, at: UInt64)? = state.withLock { s in
            s.submitted &+= 1  // 2^64 submissions never happen
            let job = Job(
                input: input, thresholds: thresholds, stamp: stamp, generation: s.generation,
                finish: finish, sequence: s.submitted)
            if s.runningSince.count >= lanes {
                s.waiting = job
                return nil
            }
            let now = DispatchTime.now().uptimeNanoseconds
            s.runningSince.append(now)
            return (job, now)
        }
        if let start { launch(start.job, startedAt: start.at) }
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

    private func launch(_ job: Job, startedAt: UInt64) {
        idle.enter()
        queue.async { [self] in
            // Give the core back first. The submitting (streaming) thread has just woken this
            // one, and Linux (6.18, 2 cores) ran it at once on the streaming thread's own core,
            // even with the other core idle, so the streaming thread waited 1.5-3.5 ms for its
            // core in every frame that found the detector idle (at 640 a detection finishes
            // within a frame period, so every frame did): the live benchmark's p99 was 3.2 ms.
            // Yielding hands the core back, and the detection starts as soon as a core is free
            // (p99 1.3 ms). A lower priority (the queue's nice 2, or SCHED_BATCH) did not stop
            // that preemption; see README, Performance.
            sched_yield()
            var next: Job? = job
            var started = startedAt
            while let current = next {
                let outcome = Result {
                    let detecting = DispatchTime.now().uptimeNanoseconds
                    let boxes = try detector.findLines(current.input, thresholds: current.thresholds)
                    let detectionTime = DispatchTime.now().uptimeNanoseconds &- detecting
                    return current.finish?(boxes, current.input, detectionTime) ?? boxes
                }
                next = state.withLock { s in
                    let now = DispatchTime.now().uptimeNanoseconds
                    // Lanes finish in any order: remove this job's own start.
                    if let index = s.runningSince.firstIndex(of: started) { s.runningSince.remove(at: index) }
                    s.lastDuration = now &- started
                    switch outcome {
                    case .success(let boxes):
                        if current.generation == s.generation, current.sequence > s.newestKept {
                            s.newestKept = current.sequence
                            s.latest = Detection(boxes: boxes, stamp: current.stamp, generation: current.generation)
                        }
                    case .failure(let error):
                        s.failures.record(error)
                    }
                    let waiting = s.waiting
                    s.waiting = nil
                    if waiting != nil {
                        s.runningSince.append(now)
                        started = now
                    }
                    return waiting
                }
            }
            idle.leave()
        }
    }
}
