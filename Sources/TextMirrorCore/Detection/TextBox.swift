/// A line of text found by the detector: where it is (frame pixels) and how sure the detector is.
public struct TextBox: Equatable, Sendable {
    public var box: PixelBox
    /// Mean text probability inside the box, 0...1.
    public var score: Double
    /// The box was fitted to its ink on the frame it was detected on (`InkFitting`): its
    /// centre, size and tilt are the ink's, not the detector's estimate.
    public var fitted: Bool
    /// What the recognizer read in the box (`LineReader`); nil when it was not read.
    public var reading: TextReading?

    public init(box: PixelBox, score: Double, fitted: Bool = false, reading: TextReading? = nil) {
        self.box = box
        self.score = score
        self.fitted = fitted
        self.reading = reading
    }
}

/// When a frame was shown, in GStreamer's terms (nanoseconds; `nil` where unknown). Detection
/// results carry the stamp of the frame they were computed on, so consumers can tell how old
/// they are.
public struct FrameStamp: Equatable, Sendable {
    public var pts: UInt64?
    public var duration: UInt64?
    public var streamTime: UInt64?
    public var runningTime: UInt64?

    public init(pts: UInt64? = nil, duration: UInt64? = nil, streamTime: UInt64? = nil, runningTime: UInt64? = nil) {
        self.pts = pts
        self.duration = duration
        self.streamTime = streamTime
        self.runningTime = runningTime
    }
}

/// The outcome of one detection: the boxes and the frame they belong to.
public struct Detection: Equatable, Sendable {
    public var boxes: [TextBox]
    public var stamp: FrameStamp
    /// Which configuration (frame size and format) the boxes belong to; results of an older
    /// generation are dropped, never applied to a renegotiated stream.
    public var generation: UInt64
}

/// The part of text detection that needs no GStreamer: something that copies what it needs out
/// of a frame, then finds text boxes in that copy.
///
/// `prepare` runs on the streaming thread while the frame is mapped and must copy (the frame's
/// memory is reused as soon as it returns); `detect` may run on another thread, later, and on
/// up to `concurrentDetections` threads at once.
public protocol TextDetecting: AnyObject, Sendable {
    func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> DetectionInput
    func detect(_ input: DetectionInput, thresholds: DetectionThresholds) throws -> [TextBox]
    /// How many `detect` calls run well side by side (`DetectionWorker` runs that many).
    var concurrentDetections: Int { get }
}

extension TextDetecting {
    public var concurrentDetections: Int { 1 }
}

/// The detector's two decision thresholds (the element's `text-threshold` and `box-threshold`),
/// passed with each job so a change while playing applies from the next detection on.
public struct DetectionThresholds: Equatable, Sendable {
    /// Probability above which a pixel of the text map counts as text.
    public var text: Double
    /// Mean probability a box needs to be kept.
    public var box: Double

    public init(text: Double = ElementProperties.textThreshold.defaultValue,
                box: Double = ElementProperties.boxThreshold.defaultValue) {
        self.text = text
        self.box = box
    }
}
