/// The default and the range of every property of the element: the one place they are written.
///
/// Swift reads them from here (`MirrorEngine.Settings`, `BoxTracker.Parameters`,
/// `DetectionThresholds`, `DetectorInputSize`); the C element reads them through
/// `textmirror_properties` (textmirror.h, filled from the rows of
/// TextMirrorPlugin/SettingsConversions.swift) for its param specs and initial values. Listed in
/// the element's property order, the order of textmirror.h's TEXTMIRROR_PROPERTIES rows.
public enum ElementProperties {
    /// A numeric property's bounds and default.
    public struct Limits<Value: Comparable & Sendable>: Sendable {
        public let minimum: Value
        public let maximum: Value
        public let defaultValue: Value

        public init(_ bounds: ClosedRange<Value>, default defaultValue: Value) {
            precondition(bounds.contains(defaultValue), "default outside its range")
            minimum = bounds.lowerBound
            maximum = bounds.upperBound
            self.defaultValue = defaultValue
        }

        /// `value` brought into the range.
        public func clamped(_ value: Value) -> Value { min(max(value, minimum), maximum) }
    }

    public static let flip = Flip.horizontal
    public static let enabled = true
    public static let detect = true
    public static let detector = DetectorChoice.auto
    public static let verify = true
    public static let textOrientation = TextOrientation.any
    /// Off: the second detection it costs would halve the detection rate of a live camera.
    public static let verticalText = false
    public static let seamless = true
    public static let detectionMode = DetectionMode.auto
    /// Detections per second of stream time, at most.
    public static let detectionRate = Limits(0.1...120.0, default: 30.0)
    /// Long side of the detector's input, pixels (rounded to a multiple of 32).
    public static let detectionSize = Limits(64...4096, default: 640)
    /// Detector threads; 0 = one per core.
    public static let threads = Limits(0...64, default: 0)
    /// Detections side by side, each on its own network (`DetectorLanes`).
    public static let parallelDetections = Limits(1...16, default: 1)
    public static let inferencePrecision = InferencePrecision.auto
    /// 0: the model's own (`DetectionModel.thresholds`). Below 1: a pixel above 1 is never
    /// found, and the detector refuses 1.
    public static let textThreshold = Limits(0.0...0.99, default: 0.0)
    /// 0: the model's own.
    public static let boxThreshold = Limits(0.0...1.0, default: 0.0)
    /// Fraction of the frame height.
    public static let minTextHeight = Limits(0.0...1.0, default: 0.01)
    public static let tracking = true
    /// Weight of a new detection in a tracked box; 1 = no smoothing. 0.35 as the iOS original.
    public static let smoothing = Limits(0.0...1.0, default: 0.35)
    /// Milliseconds (the one unit of the hold time, everywhere). 500 ms, from
    /// textmirror-motion-bench on a 2-core machine: detections come every 100 ms in sync mode
    /// and every 110 ms or so in live async mode, and a line in full view was missed by at most
    /// 1-2 detections in a row, so 500 ms bridges four or more misses. It bounds how long a box
    /// outlives text that vanishes in place; when the picture cuts away, the flow loses the box
    /// and the first detection that misses it ends it (166 ms in the live benchmark, the
    /// detector's latency), whatever the hold time.
    public static let holdTime = Limits(0.0...60_000.0, default: 500.0)
    public static let postMessages = true
    public static let drawBoxes = false

    /// The networks' arithmetic (the `inference-precision` property). Raw values are
    /// textmirror.h's TextMirrorPrecision values.
    public enum InferencePrecision: UInt32, Sendable {
        /// OpenVINO's choice: bf16 where the CPU has bf16 instructions.
        case auto = 0
        /// 32-bit float everywhere: the same results on every CPU.
        case f32 = 1
    }
}
