import Synchronization

/// Everything textmirror does to a frame, without GStreamer: schedule text detection, combine
/// the detected boxes with the fixed regions, and mirror them in place.
///
/// Threads: `process`, `configure` and `reset` are called by the streaming thread (GStreamer
/// serialises them); `update` may be called from any thread at any time. Settings are copied
/// out of their lock once per frame and no lock is held while pixels are touched.
public final class MirrorEngine: Sendable {
    public struct Settings: Sendable, Equatable {
        public var regions: [MirrorRegion] = []
        public var flip: Flip = .horizontal
        public var detect = true
        public var mode: DetectionMode = .auto
        /// Upper bound on detections per second of stream time.
        public var rate = 15.0
        /// Boxes shorter than this fraction of the frame height are ignored.
        public var minTextHeight = 0.01
        public var thresholds = DetectionThresholds()

        public init() {}
    }

    /// What happened to one frame, for the element to report (bus message, ROI metas).
    public struct FrameReport: Sendable {
        /// Detected boxes mirrored in this frame (fixed regions are not included).
        public var mirrored: [TextBox] = []
        /// A detection that finished since the previous frame, with the stamp of the frame it
        /// was computed on.
        public var detection: Detection?
    }

    public enum ProcessError: Error, Equatable {
        case notConfigured
        case frameMismatch
    }

    private struct StreamState {
        var mirror: FrameMirror?
        var cadence = DetectionCadence(rate: 15)
        var boxes: [TextBox] = []
        var generation: UInt64 = 0
    }

    private let settings = Mutex(Settings())
    private let stream = Mutex(StreamState())
    private let detector: (any TextDetecting)?
    private let worker: DetectionWorker?

    /// `detector` is nil when detection is off for this run (no model needed).
    public init(detector: (any TextDetecting)?) {
        self.detector = detector
        self.worker = detector.map { DetectionWorker(detector: $0) }
    }

    public func update(_ newSettings: Settings) {
        settings.withLock { $0 = newSettings }
    }

    public var currentSettings: Settings { settings.withLock { $0 } }

    /// Chooses kernels for a new format or size; boxes of the old geometry are dropped.
    public func configure(format: PixelFormat, width: Int, height: Int) throws(FrameMirror.ConfigurationError) {
        let mirror = try FrameMirror(format: format, width: width, height: height)
        stream.withLock { s in
            s.mirror = mirror
            s.boxes = []
            s.cadence.reset()
        }
        resetDetection()
    }

    /// Forgets boxes and pending detections (a flushing seek).
    public func reset() {
        stream.withLock { s in
            s.boxes = []
            s.cadence.reset()
        }
        resetDetection()
    }

    private func resetDetection() {
        worker?.reset()
        stream.withLock { $0.generation = worker?.generation ?? 0 }
    }

    /// Blocks until queued detection work has finished (for stop() and tests).
    @discardableResult
    public func waitForDetections(timeout: Double) -> Bool {
        worker?.waitUntilIdle(timeout: timeout) ?? true
    }

    public func process(_ frame: FrameBuffer, stamp: FrameStamp, upstreamIsLive: Bool) throws(ProcessError) -> FrameReport {
        let current = settings.withLock { $0 }
        var state = stream.withLock { $0 }
        guard let mirror = state.mirror else { throw .notConfigured }
        guard mirror.accepts(frame) else { throw .frameMismatch }

        var report = FrameReport()
        if current.detect, let detector, let worker {
            state.cadence.rate = current.rate
            let due = state.cadence.isDue(at: stamp.streamTime ?? stamp.pts)
            switch current.mode.resolved(upstreamIsLive: upstreamIsLive) {
            case .sync:
                if due {
                    let input = detector.prepare(frame, layout: mirror.layout)
                    // A failed detection keeps the previous boxes.
                    if let boxes = try? detector.detect(input, thresholds: current.thresholds) {
                        report.detection = Detection(boxes: boxes, stamp: stamp, generation: state.generation)
                    }
                }
            case .async, .auto:
                if due {
                    worker.submit(detector.prepare(frame, layout: mirror.layout),
                                  thresholds: current.thresholds, stamp: stamp)
                }
                if let latest = worker.takeLatest(), latest.generation == state.generation {
                    report.detection = latest
                }
            }
            if let detection = report.detection {
                let minHeight = current.minTextHeight * Double(frame.height)
                state.boxes = detection.boxes.filter { min($0.box.width, $0.box.height) >= minHeight }
            }
            report.mirrored = state.boxes
        } else {
            state.boxes = []
        }
        stream.withLock { s in
            // Keep what the frame learned unless configure()/reset() ran meanwhile.
            if s.generation == state.generation {
                s.boxes = state.boxes
                s.cadence = state.cadence
            }
        }

        var boxes = current.regions.map { $0.pixelBox(frameWidth: frame.width, frameHeight: frame.height) }
        boxes.append(contentsOf: report.mirrored.map(\.box))
        mirror.mirror(boxes, flip: current.flip, in: frame)
        return report
    }
}
