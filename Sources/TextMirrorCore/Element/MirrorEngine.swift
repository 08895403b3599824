import Dispatch
import Synchronization

/// Everything textmirror does to a frame, without GStreamer: schedule text detection, read and
/// verify the detected lines (`LineReader`), keep the boxes on their text between detections
/// (`BoxTracker`, moved by the measured motion), combine them with the fixed regions, and
/// mirror them in place.
///
/// Threads: `process`, `configure` and `reset` are called by the streaming thread (GStreamer
/// serialises them); `update` may be called from any thread at any time. Settings are copied
/// out of their lock once per frame and no lock is held while pixels are touched.
public final class MirrorEngine: Sendable {
    /// The element's settings, in its property order, with their defaults and ranges.
    public struct Settings: Sendable, Equatable {
        public var regions: [MirrorRegion] = []
        public var flip = Flip.horizontal
        public var detect = true
        /// Mirror a detected box only once the recognizer read a character in it.
        public var verify = true
        /// Which lines are turned, by how they read.
        public var textOrientation = TextOrientation.any
        /// Look for lines running up or down the frame too, in the picture turned a quarter
        /// (`QuarterTurn`): each detection costs two. Off: the second detection would halve a
        /// live camera's detection rate.
        public var verticalText = false
        /// Mirror the text of a detected box but not its background (gradients, vignetting,
        /// shadows stay continuous; see RingBackground.swift). Fixed regions are plain mirrors.
        public var seamless = true
        public var detectionMode = DetectionMode.auto
        /// Upper bound on detections per second of stream time.
        @Bounded(0.1...120.0) public var detectionRate = 30.0
        public var thresholds = DetectionThresholds()
        /// Detected lines whose shorter side is under this fraction of the frame height are
        /// left alone (the one place `min-text-height` is applied).
        @Bounded(0.0...1.0) public var minTextHeight = 0.01
        /// Move boxes with the measured motion between detections and bring late detections up
        /// to date; false holds each box where it was last detected.
        public var tracking = true
        /// Weight of each new detection in a tracked box (1: no smoothing); 0.35 as the iOS
        /// original.
        @Bounded(0.0...1.0) public var smoothing = 0.35
        /// Milliseconds a box stays after its text was last detected (the one unit of the hold
        /// time, everywhere). 500 ms bridges four or more missed detections of a line in full
        /// view (`textmirror-motion-bench`: detections come every 100-110 ms on 2 cores, and a
        /// line is missed at most 1-2 times in a row). It bounds how long a box outlives text
        /// that vanishes in place; when the picture cuts away, the first detection that misses
        /// the box ends it, whatever the hold time.
        @Bounded(0.0...60_000.0) public var holdTime = 500.0
        /// Outline the mirrored text boxes, for debugging: fresh detections in green, boxes
        /// carried by tracking in orange.
        public var drawBoxes = false
        /// Fit each detected box to the ink inside it, on the frame it was detected on
        /// (`InkFitting`). Not a property of the element: on for everyone; settable for the
        /// benchmark's comparison.
        public var fitToInk = true

        public init() {}

        /// The element's defaults.
        public static let defaults = Settings()

        /// What was learnt about a line (its reading, its tilt) is renewed about once a second
        /// of detections (`LineMemory`).
        var renewAfter: Int { max(1, Int(detectionRate.isFinite ? detectionRate.rounded() : 1)) }

        public var readingPolicy: LineReader.Policy {
            LineReader.Policy(verify: verify, orientation: textOrientation, rereadAfter: renewAfter)
        }

        var trackerParameters: BoxTracker.Parameters {
            BoxTracker.Parameters(smoothing: smoothing, holdTime: holdTime)
        }
    }

    /// What happened to one frame, for the element to report (bus message, ROI metas).
    public struct FrameReport: Sendable {
        /// Detected boxes mirrored in this frame (fixed regions are not included), each saying
        /// whether a detection was folded into it in this frame or tracking carried it.
        public var mirrored: [TrackedBox] = []
        /// A detection that finished since the previous frame, with the stamp of the frame it
        /// was computed on.
        public var detection: Detection?
        /// What failed since the last warning (the detector, the motion measurement), at most
        /// every `FailureWarning.interval` per stage, for the element to post as a warning.
        public var warning: String?
    }

    public enum ProcessError: Error, Equatable {
        case notConfigured
        case frameMismatch
    }

    private struct StreamState {
        var mirror: FrameMirror?
        /// How the stream's YUV values stand for colours (`configure`).
        var encoding = YUVEncoding.bt601Limited
        var cadence = DetectionCadence(rate: Settings.defaults.detectionRate)
        var tracker = BoxTracker()
        var clock = FrameClock()
        /// Whether the previous frame was given to the motion estimator; when it was not, the
        /// estimator's remembered picture is stale.
        var measuredLastFrame = false
        var generation: UInt64 = 0
        var detectionWarning = FailureWarning(stage: "Text detection")
        var motionWarning = FailureWarning(stage: "Motion measurement (optical flow)")
        var readingWarning = FailureWarning(stage: "Text recognition", fallback: "the line counts as unread")
        var unreadWarning = FailureWarning(stage: "Line reading", fallback: "every detected line is mirrored")
    }

    private let settings = Mutex(Settings())
    private let stream = Mutex(StreamState())
    private let detector: (any TextDetecting)?
    /// Used instead of `detector` where detection is sync, when given (`DetectorChoice.auto`).
    private let syncDetector: DeferredDetector?
    private let worker: DetectionWorker?
    private let motion: (any MotionEstimating)?
    private let reader: LineReader?
    /// Why there is no recognizer although one was wanted (it did not load), if so; each
    /// detection that a reading policy asked to read is then recorded in `unreadLines`.
    private let missingRecognizer: MissingRecognizer?
    private let unreadLines = FailureLog()
    private static let fitting = InkFitting()
    /// How many times as long as its detection a paced detection's reading may take
    /// (`finish`). Twice measured the same as once on the rendered pan and cut
    /// (textmirror-motion-bench, live, 2 cores: q 0.77 and 0.78-0.80 either way), and the
    /// shorter allowance keeps the boxes on screen fresher.
    static var readingAllowance: UInt64 { 1 }
    /// How each line lay at its last fit (`InkFitting`).
    private let fits = LineMemory<InkFitting.LineFit>()
    /// Whether the reader confirmed where each line's text ends (`InkFitting.endingAtText`).
    private let textEnds = LineMemory<Bool>()

    /// `detector` is nil when detection is off for this run (no model needed); `motion` is nil
    /// when motion is not measured (boxes are then held between detections, as with
    /// `tracking` off); `recognizer` is nil when lines are not read (then every detected box
    /// is turned, whatever `verify` and `textOrientation` say; `recognizerFailure` says why
    /// when it failed to load, and is then warned about while those settings ask for reading).
    /// `syncDetector`, when given, replaces `detector` where detection is sync; made on first
    /// use (a failure to make it is warned about, and `detector` runs instead).
    public init(
        detector: (any TextDetecting)?, syncDetector: DeferredDetector? = nil,
        motion: (any MotionEstimating)? = nil, recognizer: (any TextRecognizing)? = nil,
        recognizerFailure: (any Error)? = nil
    ) {
        self.detector = detector
        self.syncDetector = syncDetector
        self.worker = detector.map { DetectionWorker(detector: $0) }
        self.motion = motion
        self.reader = recognizer.map { LineReader(recognizer: $0) }
        self.missingRecognizer = recognizer == nil ? recognizerFailure.map(MissingRecognizer.init) : nil
    }

    public func update(_ newSettings: Settings) {
        settings.withLock { $0 = newSettings }
    }

    public var currentSettings: Settings { settings.withLock { $0 } }

    /// Chooses kernels for a new format or size; boxes of the old geometry are dropped. Frames
    /// of YUV formats are read as `encoding` says where they become RGB.
    public func configure(
        format: PixelFormat, width: Int, height: Int, encoding: YUVEncoding = .bt601Limited
    ) throws(FrameMirror.ConfigurationError) {
        let mirror = try FrameMirror(format: format, width: width, height: height)
        stream.withLock { s in
            s.mirror = mirror
            s.encoding = encoding
            s.cadence.reset()
            Self.forgetTracks(&s)
        }
        motion?.reset()
        resetDetection()
    }

    /// Forgets boxes and pending detections (a flushing seek).
    public func reset() {
        stream.withLock { s in
            s.cadence.reset()
            Self.forgetTracks(&s)
        }
        motion?.reset()
        resetDetection()
    }

    private static func forgetTracks(_ s: inout StreamState) {
        s.tracker.removeAll()
        s.clock.reset()
        s.measuredLastFrame = false
    }

    private func resetDetection() {
        worker?.reset()
        reader?.reset()
        fits.reset()
        textEnds.reset()
        stream.withLock { $0.generation = worker?.generation ?? 0 }
    }

    /// Blocks until queued detection work has finished (for stop() and tests).
    @discardableResult
    public func waitForDetections(timeout: Double) -> Bool {
        worker?.waitUntilIdle(timeout: timeout) ?? true
    }

    public func process(_ frame: FrameBuffer, stamp: FrameStamp, upstreamIsLive: Bool) throws(ProcessError)
        -> FrameReport
    {
        let current = settings.withLock { $0 }
        var state = stream.withLock { $0 }
        var frame = frame
        frame.encoding = state.encoding
        guard let mirror = state.mirror else { throw .notConfigured }
        guard mirror.accepts(frame) else { throw .frameMismatch }

        var report = FrameReport()
        if current.detect, let worker {
            let now = state.clock.time(of: stamp)
            measureMotion(frame, layout: mirror.layout, settings: current, now: now, state: &state)
            report.detection = detect(
                frame, layout: mirror.layout, stamp: stamp, upstreamIsLive: upstreamIsLive, settings: current,
                worker: worker, state: &state)
            report.detection = track(report.detection, frame: frame, settings: current, now: now, state: &state)
            report.mirrored = state.tracker.boxes
            report.warning = warning(&state, worker: worker, motion: current.tracking ? motion : nil)
        } else {
            Self.forgetTracks(&state)
        }
        stream.withLock { s in
            // Keep what the frame learned unless configure()/reset() ran meanwhile.
            if s.generation == state.generation {
                state.mirror = s.mirror
                s = state
            }
        }
        mirrorBoxes(report.mirrored, settings: current, with: mirror, in: frame)
        return report
    }

    /// Moves the tracked boxes with the motion measured from the previous frame to this one.
    /// Motion comes first, from the frame as it arrived (it is mirrored last) and the boxes as
    /// they were in the previous frame. It is measured here, on the streaming thread: running it
    /// on a queue beside the detector's preparation was measured slower (textmirror-motion-bench's
    /// cost section), because the detector keeps both cores of a 2-core machine busy and the
    /// queue then waits for one, while this thread already has one.
    private func measureMotion(
        _ frame: FrameBuffer, layout: FrameLayout, settings: Settings, now: UInt64, state: inout StreamState
    ) {
        var frameMotion: FrameMotion?
        if settings.tracking, let motion {
            if !state.measuredLastFrame { motion.reset() }
            frameMotion = motion.estimate(motion.prepare(frame, layout: layout), regions: state.tracker.regions)
            state.measuredLastFrame = true
        } else {
            state.measuredLastFrame = false
        }
        state.tracker.advance(time: now, motion: frameMotion, frameWidth: frame.width, frameHeight: frame.height)
    }

    /// Starts a detection on this frame when one is due, and returns the detection that is ready
    /// for this frame, if any: this frame's own in sync mode, the latest finished one in async
    /// mode. Boxes are fitted to their ink and read where they are detected, on the frame they
    /// were detected on (see InkFitting, LineReader).
    private func detect(
        _ frame: FrameBuffer, layout: FrameLayout, stamp: FrameStamp, upstreamIsLive: Bool, settings: Settings,
        worker: DetectionWorker, state: inout StreamState
    ) -> Detection? {
        guard let asyncDetector = detector else { return nil }
        state.cadence.rate = settings.detectionRate
        let sync = settings.detectionMode.resolved(upstreamIsLive: upstreamIsLive) == .sync
        let finish = finish(settings, paced: !sync)
        let detector = sync ? syncDetector?.detector(failure: worker.record(failure:)) ?? asyncDetector : asyncDetector
        // Async: a frame the busy detector would not take soon is not copied, and does not
        // count as detected for the cadence.
        let due = (sync || worker.wantsInput) && state.cadence.isDue(at: stamp.streamTime ?? stamp.pts)
        // The frame as the detector reads it, and what it looks for.
        var input = due ? detector.prepare(frame, layout: layout) : nil
        input?.verticalText = settings.verticalText
        guard sync else {
            if let input {
                worker.submit(input, thresholds: settings.thresholds, stamp: stamp, finish: finish)
            }
            guard let latest = worker.takeLatest(), latest.generation == state.generation else { return nil }
            return latest
        }
        guard let input else { return nil }
        // A failed detection keeps the previous boxes, and is warned about.
        do {
            let boxes = try detector.findLines(input, thresholds: settings.thresholds)
            // Unpaced: the time given is not read.
            return Detection(boxes: finish?(boxes, input, 0) ?? boxes, stamp: stamp, generation: state.generation)
        } catch {
            worker.record(failure: error)
            return nil
        }
    }

    /// Folds a new detection into the tracked boxes and lets boxes not seen for too long go.
    /// Returns the detection less the lines too small to mirror: they are not reported either,
    /// as messages and ROI metas describe what is mirrored.
    private func track(
        _ detection: Detection?, frame: FrameBuffer, settings: Settings, now: UInt64, state: inout StreamState
    ) -> Detection? {
        let parameters = settings.trackerParameters
        var kept = detection
        if var detection {
            let minHeight = settings.minTextHeight * Double(frame.height)
            detection.boxes.removeAll { min($0.box.width, $0.box.height) < minHeight }
            kept = detection
            // Without tracking there is no motion to bring a late detection forward with.
            let detectedAt = settings.tracking ? FrameClock.known(detection.stamp) : nil
            state.tracker.incorporate(
                detection.boxes, detectedAt: detectedAt, now: now, frameWidth: frame.width,
                frameHeight: frame.height, parameters: parameters)
        }
        state.tracker.expire(now: now, frameWidth: frame.width, frameHeight: frame.height, parameters: parameters)
        return kept
    }

    /// Mirrors the fixed regions as given, plain, and then the tracked boxes: each in each plane
    /// about the axis nearest its centre that the plane's samples allow (see
    /// PixelBox+MirrorAxis.swift), and seamlessly unless asked not to; then outlines them if
    /// asked to.
    private func mirrorBoxes(_ tracked: [TrackedBox], settings: Settings, with mirror: FrameMirror, in frame: FrameBuffer) {
        let regions = settings.regions.map { $0.pixelBox(frameWidth: frame.width, frameHeight: frame.height) }
        mirror.mirror(regions, flip: settings.flip, in: frame)
        mirror.mirror(
            tracked.map(\.text.box), flip: settings.flip, axes: .nearestPerPlane, seamless: settings.seamless,
            in: frame)
        if settings.drawBoxes {
            let outline = BoxOutline(layout: mirror.layout, width: frame.width, height: frame.height)
            for box in tracked {
                outline.draw(box.text.box, color: box.fresh ? .fresh : .tracked, in: frame)
            }
        }
    }

    /// The failures of detection and motion measurement not yet warned about, if a warning is
    /// due (see `FailureWarning`).
    private func warning(
        _ state: inout StreamState, worker: DetectionWorker,
        motion: (any MotionEstimating)?
    ) -> String? {
        let now = DispatchTime.now().uptimeNanoseconds
        let messages = [
            state.detectionWarning.message(for: worker.failures, now: now),
            motion.flatMap { state.motionWarning.message(for: $0.failures, now: now) },
            reader.flatMap { state.readingWarning.message(for: $0.failures.failures, now: now) },
            state.unreadWarning.message(for: unreadLines.failures, now: now)
        ]
        let due = messages.compactMap { $0 }
        return due.isEmpty ? nil : due.joined(separator: "; ")
    }

    /// The work on detected boxes that needs their frame: fitting them to their ink, then
    /// reading them. Nil when there is none.
    ///
    /// `paced` (async detection): reading may take `readingAllowance` times as long as the
    /// detection itself, and at least one line is read; lines not read by then wait for the
    /// next detection (`LineReader.read`). Why: a view of new lines (a pan, a cut) otherwise
    /// held its detection back until every line was read, 20 lines at 10-50 ms a read, and
    /// the boxes already on screen went without a detection all that while
    /// (textmirror-motion-bench's rendered pan: two detections a second). In sync mode the
    /// frame waits for its own detection anyway, and every line is read.
    private func finish(_ settings: Settings, paced: Bool) -> DetectionWorker.Finish? {
        let flip = settings.flip, fitToInk = settings.fitToInk, policy = settings.readingPolicy
        let reader = policy.readsNothing ? nil : reader
        let unread = policy.readsNothing || reader != nil ? nil : missingRecognizer
        guard fitToInk || reader != nil || unread != nil else { return nil }
        let fits = fits, textEnds = textEnds, unreadLines = unreadLines
        return { @Sendable boxes, input, detectionTime in
            let fitted =
                fitToInk
                ? Self.fitting.fit(
                    boxes, on: input, horizontally: flip.mirrorsColumns, vertically: flip.mirrorsRows,
                    memory: fits, renewAfter: settings.renewAfter)
                : boxes
            guard let reader else {
                if let unread, !boxes.isEmpty { unreadLines.record(unread) }
                return fitted
            }
            return input.withFrame { frame, format in
                let deadline = DispatchTime.now().uptimeNanoseconds &+ detectionTime &* Self.readingAllowance
                let mayRead = { !paced || DispatchTime.now().uptimeNanoseconds < deadline }
                let read = reader.read(fitted, in: frame, format: format, policy: policy, while: mayRead)
                guard fitToInk else { return read }
                return Self.fitting.endingAtText(
                    read, in: frame, format: format, memory: textEnds, renewAfter: settings.renewAfter,
                    while: mayRead
                ) { line, cutOff, reading in
                    reader.reads(reading, onlyIn: line, notIn: cutOff, frame: frame, format: format)
                }
            } ?? fitted
        }
    }
}

/// The recognizer did not load, so lines that `verify` or `text-orientation` ask to read are
/// mirrored unread.
struct MissingRecognizer: Error, CustomStringConvertible {
    let cause: any Error

    var description: String {
        "verify and text-orientation need the text recognizer, which did not load: \(cause)"
    }
}
